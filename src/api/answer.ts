// What makes an answer a success, checked before anything uses it: a 2xx whose body is JSON of the media
// type the service declares (application/json; a structured-syntax `+json` type as well, RFC 6839, but
// never application/problem+json, which is an error document whatever the status), and, for a catalog
// operation, of the shape the catalog says it returns (extra fields allowed: the service may add some),
// read from src/contract/result-shapes.ts, not from the zod schemas (src/contract/shape.ts says why).
// Anything else is a one-line InvalidAnswerError naming the operation and what the service answered.
import { getOperation, type OperationId } from '../contract/operations.js';
import { FORMATS, RESULT_SHAPES } from '../contract/result-shapes.js';
import { compileShape, describeMiss, resultShape } from '../contract/shape.js';

/** The check of each operation's result checked so far: compiled once, on its first answer. */
const checks = new Map<OperationId, ReturnType<typeof compileShape>>();

function checkOf(opId: OperationId): ReturnType<typeof compileShape> {
  let check = checks.get(opId);
  if (!check) {
    const op = getOperation(opId);
    check = compileShape(resultShape(op.page, RESULT_SHAPES[op.result]), FORMATS);
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
  const wrong = describeMiss(checkOf(opId), value, 'the answer');
  return wrong === undefined ? { value } : { problem: `did not match what ${opId} returns: ${wrong}` };
}
