// What makes an answer a success, checked before anything uses it: a 2xx whose body is JSON of the media
// type the service declares (application/json; a structured-syntax `+json` type as well, RFC 6839, but
// never application/problem+json, which is an error document whatever the status), and, for a catalog
// operation, of the shape the catalog says it returns (extra fields allowed: the service may add some),
// read from src/contract/result-shapes.ts, not from the zod schemas (src/contract/shape.ts says why). A
// value of a field the spec leaves open (a state, a kind) that wts does not know is kept, not refused:
// takeUnknownValues tells the client of it.
// Anything else is a one-line InvalidAnswerError naming the operation and what the service answered.
// An error answer becomes an ApiError: the problem document (RFC 9457) when it is one, else its status.
import { getOperation, type OperationId } from '../contract/operations.js';
import { FORMATS, RESULT_SHAPES } from '../contract/result-shapes.js';
import { compileShape, describeMiss, resultShape } from '../contract/shape.js';
import { ApiError, InvalidAnswerError, type BearerChallenge, type Problem } from '../errors.js';
import { isRecord } from '../type-guards.js';
import { requestName, type RawRequest } from './request.js';
import type { Answer } from './transport.js';
import { unknownOutcome } from './unknown-outcome.js';
import type { Wire } from './wire.js';

/** The check of each operation's result checked so far: compiled once, on its first answer. */
const checks = new Map<OperationId, ReturnType<typeof compileShape>>();

/**
 * Values of open fields (a state, a kind) that wts does not know, heard in answers since the last
 * takeUnknownValues: the answer is used all the same, and they are shown as they came.
 */
const unknownValues: { value: string; known: readonly string[] }[] = [];

/** The values of open fields wts does not know heard since the last call (src/api/client.ts notes them once). */
export function takeUnknownValues(): { value: string; known: readonly string[] }[] {
  return unknownValues.splice(0);
}

function checkOf(opId: OperationId): ReturnType<typeof compileShape> {
  let check = checks.get(opId);
  if (!check) {
    const op = getOperation(opId);
    check = compileShape(resultShape(op.page, RESULT_SHAPES[op.result]), FORMATS, (value, known) => {
      // A page of many: each value once.
      if (!unknownValues.some((u) => u.value === value)) unknownValues.push({ value, known });
    });
    checks.set(opId, check);
  }
  return check;
}

/** The media type of a Content-Type header, lower-cased, without parameters ("application/json"). */
function mediaType(contentType: string | string[] | undefined): string {
  const text = Array.isArray(contentType) ? contentType[0] : contentType;
  return (text ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const isJsonType = (type: string) =>
  type === 'application/json' || (/^application\/[\w.!#$&^-]+\+json$/.test(type) && type !== 'application/problem+json');

/** Why a body is not JSON: "cut off after 312 bytes" when it ends too soon, else where it goes wrong. */
function notJson(text: string, bytes: number, err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const at = /position (\d+)/.exec(message);
  const position = at ? Number(at[1]) : undefined;
  const cut = /end of JSON input|Unterminated/.test(message) || (position !== undefined && position >= text.trimEnd().length);
  if (cut) return `not valid JSON (cut off after ${bytes} bytes)`;
  return position !== undefined ? `not valid JSON (at character ${position} of ${text.length})` : 'not valid JSON';
}

/** A problem document's own words, when a 2xx carries one: its title or detail, short. */
function problemWords(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const words = 'title' in parsed && typeof parsed.title === 'string' ? parsed.title : undefined;
      if (words) return `: ${words.length > 80 ? `${words.slice(0, 80)}…` : words}`;
    }
  } catch {
    // not even JSON: the media type says enough
  }
  return '';
}

/**
 * The parsed body of a 2xx answer, or what is wrong with it (a phrase after "the service's answer to
 * OP was/did …"). `opId` is undefined for a raw request (`wts api`): its answer is checked for the media
 * type and JSON only, and an empty one is `{}`, as such a request may be to anything.
 */
export function checkAnswer(
  opId: OperationId | undefined,
  status: number,
  contentType: string | string[] | undefined,
  body: Buffer,
  wire?: Wire,
): { value: unknown } | { problem: string } {
  if (body.length === 0) {
    if (opId === undefined) return { value: {} };
    return { problem: `was empty (${status}${status === 204 ? ' No Content' : ' with no body'})` };
  }
  const type = mediaType(contentType);
  let text = body.toString('utf8');
  if (type === 'application/problem+json')
    return { problem: `was an error document (application/problem+json) with status ${status}${problemWords(text)}` };
  if (!isJsonType(type)) return { problem: type ? `was ${type.slice(0, 100)}, not JSON` : 'had no media type (not application/json)' };
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { problem: `was ${notJson(text, body.length, err)}` };
  }
  if (opId === undefined) return { value };
  // In wts's names before it is checked: the check is the catalog's (src/api/wire.ts).
  if (wire) value = wire.answer(opId, value);
  const wrong = describeMiss(checkOf(opId), value, 'the answer');
  return wrong === undefined ? { value } : { problem: `did not match what ${opId} returns: ${wrong}` };
}

/** The value of a 2xx answer, checked; else the InvalidAnswerError (not repeated: a write may have been done). */
export function answerValue(req: RawRequest, res: Answer, wire?: Wire): unknown {
  const answer = checkAnswer(req.operation, res.status, res.headers['content-type'], res.body, wire);
  if ('value' in answer) return answer.value;
  throw invalidAnswer(req, res.status, `the service's answer to ${requestName(req)} ${answer.problem}`);
}

/** An answer the client cannot use; to a request that changes something, its outcome is unknown. */
export function invalidAnswer(req: RawRequest, status: number, message: string): InvalidAnswerError {
  return new InvalidAnswerError(message, status, req.method === 'GET' ? undefined : unknownOutcome(req.method, req.path));
}

/** The auth-params of a `WWW-Authenticate: Bearer …` header (RFC 6750 §3), quoted or not. */
export function bearerChallengeOf(header: string | string[] | undefined): BearerChallenge | undefined {
  const text = Array.isArray(header) ? header.join(', ') : header;
  if (!text || !/^\s*bearer\b/i.test(text)) return undefined;
  const params: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]+))/g)) {
    params[m[1]?.toLowerCase() ?? ''] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  const challenge: BearerChallenge = {};
  if (params.error) challenge.error = params.error;
  if (params.error_description) challenge.description = params.error_description;
  if (params.scope) challenge.scope = params.scope;
  return challenge;
}

/** A problem document (RFC 9457) with the service's code; its other members are read where present and kept as they came. */
function isProblem(value: unknown): value is Problem {
  return isRecord(value) && typeof value.code === 'string';
}

/**
 * The ApiError of an error answer: the problem document's code and detail when it is one (else the
 * status), the Retry-After given, the unknown-outcome sentence of a write, and the Bearer challenge.
 */
export function answerError(res: Answer, retryAfter: number | undefined, unknown: string | undefined): ApiError {
  let problem: Problem | undefined;
  if (String(res.headers['content-type'] ?? '').includes('json')) {
    try {
      const parsed: unknown = JSON.parse(res.body.toString('utf8'));
      if (isProblem(parsed)) problem = parsed;
    } catch {
      // not JSON after all: fall through to the status line
    }
  }
  const detail = problem?.detail ?? problem?.title ?? `the service answered ${res.status}`;
  const err = new ApiError(res.status, problem?.code ?? `http_${res.status}`, detail, problem, retryAfter, unknown);
  err.challenge = bearerChallengeOf(res.headers['www-authenticate']);
  return err;
}
