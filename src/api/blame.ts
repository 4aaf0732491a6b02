// The right side blamed: a 400 that names a query parameter or body field wts itself built (not a value
// the user typed) means wts and the service disagree on that name — the service calls it something
// else — and no change to the command line can help. Such a refusal is a DisagreementError (exit 1,
// "run `wts doctor`"), not "invalid input" (exit 2). What the service says is read from its problem
// document: its detail and title, and the entries of a list of invalid parameters (RFC 9457's example
// `invalid-params`, and the usual `errors`), in the phrasings validators use ("unknown query parameter:
// assignee", "unknown field assignee", "unrecognized keys: \"assignee\"", "assignee is not allowed",
// "property assignee should not exist", "additional properties: assignee"). A refusal of a value
// ("status: no column named Doing") names the field but not as unknown: it stays the user's.
import { getOperation, type OperationId } from '../contract/operations.js';
import { type ApiError, DisagreementError } from '../errors.js';
import { isRecord } from '../type-guards.js';
import type { RawRequest } from './request.js';

/** What a name is called in the phrasings below: parameter, field, key, property, argument… */
const NOUN = String.raw`(?:query[ -])?(?:param(?:eter)?|field|key|propert(?:y|ies)|argument|member|attribute|input)(?:s|\(s\))?`;
/** One name, maybe quoted or a pointer's path: "assignee", `body.remindAt`, /remindAt. */
const NAME = '["\'`]?([\\w./[\\]-]+)["\'`]?';
/** Where a name's statement starts: the text's start, or a noun ("property assignee should not exist"). */
const LEAD = String.raw`(?:^|\b${NOUN}\s+)`;
const END = String.raw`\s*(?:$|[.;,])`;

/** A name refused as unknown, after the phrase: "unknown query parameter: assignee" (the names are in the rest). */
const UNKNOWN_AFTER = new RegExp(
  String.raw`\b(?:unknown|unrecogni[sz]ed|unexpected|unsupported|disallowed|additional|extra|unpermitted)\s+${NOUN}\b(.*)$`,
  'i',
);
/** A name refused as unknown, before the phrase: "assignee is not allowed", "assignee: unknown field". */
const UNKNOWN_BEFORE = new RegExp(
  String.raw`${LEAD}${NAME}:?\s*(?:(?:is|are)\s+not\s+(?:allowed|permitted|accepted|supported|expected|recogni[sz]ed|known)|should\s+not\s+exist|:?\s*(?:unknown|unrecogni[sz]ed|unexpected)(?:\s+${NOUN})?${END})`,
  'i',
);
/** A name wanted: "remindAt: is required", "missing required field: remindAt". */
const REQUIRED_BEFORE = new RegExp(String.raw`${LEAD}${NAME}:?\s*(?:(?:is|are)\s+)?(?:required|missing)${END}`, 'i');
const REQUIRED_AFTER = new RegExp(String.raw`\bmissing\s+(?:required\s+)?${NOUN}:?\s*${NAME}`, 'i');

/** Whether `name` stands in `text` as a word of its own (quoted, after a dot or a slash, or bare). */
function names(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`(?:^|[^\w-])${escaped}(?:[^\w-]|$)`).test(text);
}

/** The last word of a text, without quotes or a pointer's path ("body.remindAt", "/remindAt" → remindAt). */
function lastWord(text: string): string | undefined {
  const word = /([A-Za-z_][\w-]*)\W*$/.exec(text.trim());
  return word?.[1];
}

/** What the service said about the refusal, one text per statement: the detail, the title, each listed parameter. */
function statements(err: ApiError): string[] {
  const said = [err.detail];
  const problem: unknown = err.problem;
  if (!isRecord(problem)) return said;
  if (typeof problem.title === 'string') said.push(problem.title);
  for (const key of ['invalid-params', 'invalid_params', 'invalidParams', 'errors']) {
    const list = problem[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (typeof entry === 'string') said.push(entry);
      if (!isRecord(entry)) continue;
      const name = [entry.name, entry.field, entry.param, entry.pointer, entry.path].find((v) => typeof v === 'string');
      const reason = [entry.reason, entry.detail, entry.message].find((v) => typeof v === 'string');
      if (typeof reason === 'string') said.push(typeof name === 'string' ? `${name}: ${reason}` : reason);
    }
  }
  return said;
}

/** The names a request was built with: its query parameters and the top-level fields of its body. */
function sentNames(req: RawRequest): string[] {
  const query = Object.entries(req.query ?? {})
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k]) => k);
  return [...query, ...(isRecord(req.body) ? Object.keys(req.body) : [])];
}

/** Every name the catalog gives the operation's input: its path, query and body fields. */
function catalogNames(opId: OperationId): Set<string> {
  const op = getOperation(opId);
  const keys = (schema: unknown) => (isRecord(schema) && isRecord(schema.shape) ? Object.keys(schema.shape) : []);
  return new Set([...keys(op.pathParams), ...keys(op.query), ...keys(op.body)]);
}

/** The line of a name the service does not accept. */
export function refusedNameLine(name: string, operation: string): string {
  return `the service does not accept \`${name}\` on ${operation} (wts and the service disagree on its name): run \`wts doctor\``;
}

/** The line of a name the service wants that wts does not know. */
export function wantedNameLine(name: string, operation: string): string {
  return `the service wants \`${name}\` on ${operation}, a name wts does not send (wts and the service disagree on a name): run \`wts doctor\``;
}

/**
 * The DisagreementError a refusal of a catalog request stands for, when the service refused a name wts
 * built (or wants one wts has not got); undefined when it refused what the user gave.
 */
export function blameOf(req: RawRequest, err: ApiError): DisagreementError | undefined {
  const operation = req.operation;
  if (operation === undefined || (err.status !== 400 && err.status !== 422)) return undefined;
  const sent = sentNames(req);
  for (const text of statements(err)) {
    const unknown = [UNKNOWN_AFTER, UNKNOWN_BEFORE].map((phrase) => phrase.exec(text)?.[1] ?? '');
    const refused = sent.find((name) => unknown.some((part) => names(part, name)));
    if (refused !== undefined) return new DisagreementError(refusedNameLine(refused, operation));
    for (const wanted of [REQUIRED_AFTER, REQUIRED_BEFORE].map((phrase) => phrase.exec(text)?.[1] ?? '')) {
      // Sent, yet wanted: the service did not see it by wts's name.
      const missed = sent.find((name) => names(wanted, name));
      if (missed !== undefined) return new DisagreementError(refusedNameLine(missed, operation));
      const word = lastWord(wanted);
      if (word !== undefined && !catalogNames(operation).has(word)) return new DisagreementError(wantedNameLine(word, operation));
    }
  }
  return undefined;
}
