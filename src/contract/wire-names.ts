// The names the spec leaves open, apart from wts's own: a names mapping (wts's name on the left, the
// service's on the right) for the page container, query parameters, body and answer fields, and enum
// values. A key may be qualified by an operation id (`list_tasks.status`) or a resource name
// (`Task.dueDate`, `PendingAction.state`); a qualified key beats a bare one. The client applies it at one
// boundary (src/api/wire.ts), the sandbox in reverse when it plays another service (src/sandbox/wire.ts).
// Only the top level of a body, an answer and each item of a page is renamed (docs/wire-names.md).
import * as z from 'zod';

/** A names mapping, in the shape of a names file (docs/wire-names.md). */
export interface WireNames {
  /** The page container's name (wts: `items`). */
  page?: string;
  /** Query parameters: wts name → the service's. */
  query?: Record<string, string>;
  /** Body and answer fields: wts name → the service's. */
  fields?: Record<string, string>;
  /** Enum values: field (qualified or not) → wts value → the service's. */
  values?: Record<string, Record<string, string>>;
}

const NAME = z.string().min(1).max(200);
const NAMES_FILE = z
  .object({
    page: NAME.optional(),
    query: z.record(NAME, NAME).optional(),
    fields: z.record(NAME, NAME).optional(),
    values: z.record(NAME, z.record(NAME, NAME)).optional(),
  })
  .strict();

/** `value` read as a names mapping; a one-line Error naming what is wrong (`where`: the file's name). */
export function parseWireNames(value: unknown, where: string): WireNames {
  const result = NAMES_FILE.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue?.path.map(String).join('.') ?? '';
  const problem =
    issue?.code === 'unrecognized_keys'
      ? `unknown key ${issue.keys.join(', ')} (the keys are page, query, fields, values)`
      : issue?.code === 'invalid_type'
        ? `must be ${issue.expected === 'record' ? 'an object' : `a ${issue.expected}`}`
        : (issue?.message ?? 'is not a names mapping');
  throw new Error(`${where}: ${at ? `${at}: ` : ''}${problem}`);
}

/** The mapping that applies `over` on top of `base` (a names file over the learned names): key by key. */
export function mergeWireNames(base: WireNames | undefined, over: WireNames | undefined): WireNames {
  const values: Record<string, Record<string, string>> = { ...base?.values };
  for (const [field, map] of Object.entries(over?.values ?? {})) values[field] = { ...values[field], ...map };
  const page = over?.page ?? base?.page;
  return {
    ...(page !== undefined && { page }),
    query: { ...base?.query, ...over?.query },
    fields: { ...base?.fields, ...over?.fields },
    values,
  };
}

/** True when the mapping renames nothing. */
export function isIdentity(names: WireNames | undefined): boolean {
  if (!names) return true;
  const same = (map: Record<string, string> | undefined) => Object.entries(map ?? {}).every(([k, v]) => k.split('.').pop() === v);
  return (
    (names.page === undefined || names.page === 'items') &&
    same(names.query) &&
    same(names.fields) &&
    Object.values(names.values ?? {}).every((map) => Object.entries(map).every(([k, v]) => k === v))
  );
}

/** The renames of one operation, both ways; built once per operation (operationNames). */
export interface OperationNames {
  /** The page container's name on the wire. */
  page: string;
  query: Renames;
  fields: Renames;
  /** Values of query parameters and fields, by wts's field name. */
  values: Record<string, Renames>;
}

/** A rename both ways: wts → wire (`out`) and wire → wts (`in`). */
export interface Renames {
  out: Record<string, string>;
  in: Record<string, string>;
}

/** The entries of `map` that apply to an operation or resource: a qualified key beats a bare one. */
function applying<T>(map: Record<string, T> | undefined, qualifiers: readonly string[]): Record<string, T> {
  const bare: Record<string, T> = {};
  const qualified: Record<string, T> = {};
  for (const [key, value] of Object.entries(map ?? {})) {
    const dot = key.indexOf('.');
    if (dot < 0) bare[key] = value;
    else if (qualifiers.includes(key.slice(0, dot))) qualified[key.slice(dot + 1)] = value;
  }
  return { ...bare, ...qualified };
}

function renames(out: Record<string, string>): Renames {
  const kept = Object.entries(out).filter(([k, v]) => k !== v);
  return { out: Object.fromEntries(kept), in: Object.fromEntries(kept.map(([k, v]) => [v, k])) };
}

const isEmpty = (r: Renames) => Object.keys(r.out).length === 0;

/**
 * The renames of operation `opId`, whose result is `resource`, under `names`; undefined when it renames
 * nothing (the caller then does no work at all).
 */
export function operationNames(names: WireNames, opId: string, resource: string): OperationNames | undefined {
  const qualifiers = [opId, resource];
  const query = renames(applying(names.query, qualifiers));
  const fields = renames(applying(names.fields, qualifiers));
  const values = Object.fromEntries(
    Object.entries(applying(names.values, qualifiers))
      .map(([field, map]) => [field, renames(map)] as const)
      .filter(([, r]) => !isEmpty(r)),
  );
  const page = names.page ?? 'items';
  if (page === 'items' && isEmpty(query) && isEmpty(fields) && Object.keys(values).length === 0) return undefined;
  return { page, query, fields, values };
}

/** The value as the other side names it (`dir`), when it is renamed. */
function renamedValue(names: OperationNames, wtsField: string, value: unknown, dir: 'out' | 'in'): unknown {
  const map = names.values[wtsField]?.[dir];
  return typeof value === 'string' && map !== undefined && Object.hasOwn(map, value) ? map[value] : value;
}

/** An object's keys and values renamed: `dir` out (wts → wire) or in (wire → wts); `keys` the renames of its keys. */
export function renameObject(names: OperationNames, keys: Renames, value: unknown, dir: 'out' | 'in'): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  const map = keys[dir];
  for (const [key, v] of Object.entries(value)) {
    const renamed = Object.hasOwn(map, key) ? (map[key] ?? key) : key;
    const wtsName = dir === 'out' ? key : renamed;
    out[renamed] = renamedValue(names, wtsName, v, dir);
  }
  return out;
}

/** An answer renamed (`dir` in: as the service sent it → wts's names; out: the reverse); `isPage`: a listing's page. */
export function renameAnswer(names: OperationNames, value: unknown, isPage: boolean, dir: 'out' | 'in'): unknown {
  if (!isPage) return renameObject(names, names.fields, value, dir);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [from, to] = dir === 'in' ? [names.page, 'items'] : ['items', names.page];
  const page: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === from) page[to] = Array.isArray(v) ? v.map((item) => renameObject(names, names.fields, item, dir)) : v;
    else if (key !== to) page[key] = v;
  }
  return page;
}
