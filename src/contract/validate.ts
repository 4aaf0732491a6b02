// Checks an operation's input against the catalog: the client before sending, the sandbox on arrival.
// Errors name the field and its bound in one line ("limit: must be at most 50").
import type * as z from 'zod';
import { InputError } from '../errors.js';
import { getOperation, type OperationId, type OperationInput } from './operations.js';
import { pathSegmentProblem } from './path-segment.js';

type Issue = z.core.$ZodIssue & { input?: unknown };

function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      if (issue.expected === 'int') return 'must be a whole number';
      if (issue.expected === 'object' || issue.expected === 'record') return 'must be a JSON object';
      return `must be ${issue.expected === 'array' ? 'an' : 'a'} ${issue.expected}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${min} item${min === 1 ? '' : 's'}`;
      return `must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${max} items`;
      return `must be at most ${max}`;
    }
    case 'invalid_format':
      if (issue.format === 'datetime') return 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-22T09:00:00Z';
      if (issue.format === 'url') return 'must be an http or https URL';
      return `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return issue.message;
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) name += typeof part === 'number' ? `[${part}]` : name ? `.${String(part)}` : String(part);
  return name;
}

/** Parses `value` with `schema`, or throws an InputError naming the first bad field (prefixed by `where`). */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, where = ''): z.output<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0] as Issue;
  const name = fieldName(issue.path);
  return fail(where && name ? `${where}.${name}` : name || where, describeIssue(issue));
}

function fail(field: string, problem: string): never {
  throw new InputError(field, problem);
}

/** The base type under optional/default/nullable wrappers, so query strings can be read as numbers or flags. */
function baseType(schema: z.ZodType): string {
  let s = schema as unknown as { def: { type: string; innerType?: unknown } };
  while (s.def.innerType && ['optional', 'default', 'nullable', 'prefault'].includes(s.def.type)) s = s.def.innerType as typeof s;
  return s.def.type;
}

/** Turns wire query strings into the typed values the catalog's schemas expect; bad text is left for the schema to reject. */
export function readQuery(schema: z.ZodObject, raw: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      out[key] = value.length === 1 ? value[0] : value;
      if (value.length !== 1) continue;
    } else out[key] = value;
    const field = schema.shape[key] as z.ZodType | undefined;
    if (!field) continue;
    const text = out[key];
    if (typeof text !== 'string') continue;
    const type = baseType(field);
    if (type === 'number' && /^-?\d+$/.test(text)) out[key] = Number(text);
    else if (type === 'boolean' && (text === 'true' || text === 'false')) out[key] = text === 'true';
  }
  return out;
}

/** Checks and defaults an operation's input; throws InputError on the first bad field. */
export function parseOperationInput<K extends OperationId>(
  opId: K,
  input: { path?: unknown; query?: unknown; body?: unknown },
): OperationInput<K> {
  const op = getOperation(opId);
  const path = parseWith(op.pathParams, input.path ?? {});
  for (const [name, value] of Object.entries(path as Record<string, unknown>)) {
    const problem = typeof value === 'string' ? pathSegmentProblem(value) : undefined;
    if (problem) fail(name, problem);
  }
  const query = parseWith(op.query, input.query ?? {});
  let body: unknown;
  if (op.body) {
    // No body at all reads as {}; a body that is not an object is named as such.
    const raw = input.body === undefined ? {} : input.body;
    const notObject = raw === null || typeof raw !== 'object' || Array.isArray(raw);
    body = parseWith(op.body, raw, notObject ? 'body' : '');
  }
  return { path, query, body } as OperationInput<K>;
}

/** Fills an operation's path template: `/tasks/{taskId}` with `{ taskId: 'a b' }` → `/tasks/a%20b`. */
export function expandPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
