// The shapes of the service's answers, as plain data, and checks compiled from them that look at a value
// in place. Why not zod's parse of the catalog's result schemas: building those schemas
// (src/contract/resources.ts) costs a one-request command more than 5% of its run, measured; zod's parse
// copies every object it checks into its output, which over a 10,000-task listing doubled the garbage;
// and it compiles each object schema with `new Function` on first use. So the shapes are read from the
// zod schemas once, by `shapeOf`, into src/contract/result-shapes.ts (generated; a unit test fails when
// it no longer matches the catalog, and says how to write it anew), and the client checks answers
// against those. Fields a shape does not list are allowed (the service may add some). What a failure
// says follows the input checks of src/contract/validate.ts ("items[3].id: must be a string").
import { isRecord } from '../type-guards.js';
import type { PageKind } from './operations.js';

/** The shape of a value, as the catalog's zod schema gives it (only the kinds the results use). */
export type Shape =
  | { type: 'object'; fields: Record<string, Shape> }
  | { type: 'array'; of: Shape; min?: number; max?: number }
  | { type: 'record'; of: Shape }
  | { type: 'string'; min?: number; max?: number; format?: string }
  | { type: 'number'; whole?: boolean; min?: number; max?: number }
  | { type: 'boolean' }
  | { type: 'null' }
  | { type: 'oneOf'; values: readonly unknown[] }
  /** A field the spec leaves open (src/contract/open-values.ts): any string, `values` those wts knows. */
  | { type: 'open'; values: readonly string[] }
  | { type: 'nullable'; of: Shape }
  | { type: 'optional'; of: Shape }
  | { type: 'any' };

/** The patterns of string formats met while reading shapes, by format name ("datetime"). */
export type Formats = Record<string, string>;

/** The definition of a zod schema (`schema.def`), as a record to read without assuming its type. */
function defOf(schema: unknown): Record<string, unknown> {
  return isRecord(schema) && isRecord(schema.def) ? schema.def : {};
}

/** The checks of a zod definition, each as its own definition. */
function checksOf(def: Record<string, unknown>): Record<string, unknown>[] {
  return (Array.isArray(def.checks) ? def.checks : []).map((check) => defOf(isRecord(check) ? check._zod : undefined));
}

/** The length bounds of a string or array schema. */
function lengths(def: Record<string, unknown>): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const c of checksOf(def)) {
    if (c.check === 'min_length' && typeof c.minimum === 'number') out.min = c.minimum;
    if (c.check === 'max_length' && typeof c.maximum === 'number') out.max = c.maximum;
  }
  return out;
}

/** Reads a zod schema into a Shape, adding the pattern of each string format it meets to `formats`. */
export function shapeOf(schema: unknown, formats: Formats): Shape {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return {
        type: 'object',
        fields: Object.fromEntries(Object.entries(isRecord(def.shape) ? def.shape : {}).map(([k, s]) => [k, shapeOf(s, formats)])),
      };
    case 'array':
      return { type: 'array', of: shapeOf(def.element, formats), ...lengths(def) };
    case 'record':
      return { type: 'record', of: shapeOf(def.valueType, formats) };
    case 'string': {
      const format = typeof def.format === 'string' && def.pattern instanceof RegExp ? def.format : undefined;
      if (format !== undefined && def.pattern instanceof RegExp) formats[format] = def.pattern.source;
      return { type: 'string', ...lengths(def), ...(format !== undefined && { format }) };
    }
    case 'number': {
      const checks = checksOf(def);
      const whole = checks.some((c) => c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32'));
      const low = checks.find((c) => c.check === 'greater_than' && c.inclusive === true && typeof c.value === 'number')?.value;
      const high = checks.find((c) => c.check === 'less_than' && c.inclusive === true && typeof c.value === 'number')?.value;
      return {
        type: 'number',
        ...(whole && { whole }),
        ...(typeof low === 'number' && { min: low }),
        ...(typeof high === 'number' && { max: high }),
      };
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'enum':
      return { type: 'oneOf', values: Object.values(isRecord(def.entries) ? def.entries : {}) };
    case 'literal':
      return { type: 'oneOf', values: Array.isArray(def.values) ? def.values : [] };
    case 'union':
      return openShape(def.options) ?? { type: 'any' };
    case 'nullable':
      return { type: 'nullable', of: shapeOf(def.innerType, formats) };
    case 'optional':
      return { type: 'optional', of: shapeOf(def.innerType, formats) };
    default:
      return { type: 'any' };
  }
}

/** The shape of an open field (resources.ts's `open`: the known values, or any string), else undefined. */
function openShape(options: unknown): Shape | undefined {
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const [known, other] = options.map(defOf);
  if (known?.type !== 'enum' || other?.type !== 'string' || !isRecord(known.entries)) return undefined;
  return { type: 'open', values: Object.values(known.entries).filter((v) => typeof v === 'string') };
}

/** What an operation answers: its resource's shape, or for `list` and `cursor` a page of them (as resultSchema). */
export function resultShape(page: PageKind, item: Shape): Shape {
  if (page === 'list')
    return { type: 'object', fields: { items: { type: 'array', of: item }, nextCursor: { type: 'optional', of: { type: 'null' } } } };
  if (page === 'cursor')
    return {
      type: 'object',
      fields: {
        items: { type: 'array', of: item },
        nextCursor: { type: 'optional', of: { type: 'nullable', of: { type: 'string' } } },
      },
    };
  return item;
}

/** Where a value failed (keys and indexes, outermost first) and what is wrong with it. */
interface Miss {
  path: (string | number)[];
  problem: string;
}

type Check = (value: unknown) => Miss | undefined;

/** Told of each value of an open field that wts does not know (the value and the ones it knows). */
export type Heard = (value: string, known: readonly string[]) => void;

const miss = (problem: string): Miss => ({ path: [], problem });

/** "is required" for a missing value, else "must be a string" (an object is a JSON object). */
function wrongType(expected: string, value: unknown): Miss {
  if (value === undefined) return miss('is required');
  if (expected === 'object') return miss('must be a JSON object');
  return miss(`must be ${expected === 'array' ? 'an' : 'a'} ${expected}`);
}

const FORMAT_SAID: Record<string, string> = {
  datetime: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-22T09:00:00Z',
};

function compileString(shape: Extract<Shape, { type: 'string' }>, formats: Formats): Check {
  const source = shape.format === undefined ? undefined : formats[shape.format];
  const pattern = source === undefined ? undefined : new RegExp(source);
  const said = shape.format === undefined ? '' : (FORMAT_SAID[shape.format] ?? `must be a valid ${shape.format}`);
  const { min, max } = shape;
  return (value) => {
    if (typeof value !== 'string') return wrongType('string', value);
    if (pattern && !pattern.test(value)) return miss(said);
    if (min !== undefined && value.length < min) return miss(min <= 1 ? 'must not be empty' : `must be at least ${min} characters`);
    if (max !== undefined && value.length > max) return miss(`must be at most ${max} characters`);
    return undefined;
  };
}

function compileNumber({ whole, min, max }: Extract<Shape, { type: 'number' }>): Check {
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return wrongType('number', value);
    if (whole && !Number.isSafeInteger(value)) return miss('must be a whole number');
    if (min !== undefined && value < min) return miss(`must be at least ${min}`);
    if (max !== undefined && value > max) return miss(`must be at most ${max}`);
    return undefined;
  };
}

function compileObject(shape: Extract<Shape, { type: 'object' }>, formats: Formats, heard?: Heard): Check {
  const keys = Object.keys(shape.fields);
  const checks = Object.values(shape.fields).map((field) => compileShape(field, formats, heard));
  return (value) => {
    if (!isRecord(value)) return wrongType('object', value);
    // Indexed, not for-of over pairs: run for every field of every item of a page, mostly before V8
    // has optimized it, where an iterator and a destructuring per field cost more than the check.
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] ?? '';
      const m = checks[i]?.(value[key]);
      if (m) {
        m.path.unshift(key);
        return m;
      }
    }
    return undefined;
  };
}

function compileArray(shape: Extract<Shape, { type: 'array' }>, formats: Formats, heard?: Heard): Check {
  const element = compileShape(shape.of, formats, heard);
  const { min, max } = shape;
  return (value) => {
    if (!Array.isArray(value)) return wrongType('array', value);
    if (min !== undefined && value.length < min) return miss(`must have at least ${min} item${min === 1 ? '' : 's'}`);
    if (max !== undefined && value.length > max) return miss(`must have at most ${max} items`);
    for (let i = 0; i < value.length; i++) {
      const m = element(value[i]);
      if (m) {
        m.path.unshift(i);
        return m;
      }
    }
    return undefined;
  };
}

function compileRecord(shape: Extract<Shape, { type: 'record' }>, formats: Formats, heard?: Heard): Check {
  const element = compileShape(shape.of, formats, heard);
  return (value) => {
    if (!isRecord(value)) return wrongType('object', value);
    for (const [key, member] of Object.entries(value)) {
      const m = element(member);
      if (m) {
        m.path.unshift(key);
        return m;
      }
    }
    return undefined;
  };
}

function compileOneOf(values: readonly unknown[]): Check {
  const allowed = new Set(values);
  const said = `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return (value) => (allowed.has(value) ? undefined : value === undefined ? miss('is required') : miss(said));
}

/** Any string; one wts does not know is told to `heard` (shown as it came, never refused). */
function compileOpen(values: readonly string[], heard?: Heard): Check {
  const known = new Set(values);
  return (value) => {
    if (typeof value !== 'string') return wrongType('string', value);
    if (!known.has(value)) heard?.(value, values);
    return undefined;
  };
}

/**
 * Compiles a shape into a check of a value in place; `formats` holds the patterns of its string formats,
 * and `heard` is told of each value of an open field that wts does not know.
 */
export function compileShape(shape: Shape, formats: Formats, heard?: Heard): Check {
  switch (shape.type) {
    case 'object':
      return compileObject(shape, formats, heard);
    case 'array':
      return compileArray(shape, formats, heard);
    case 'record':
      return compileRecord(shape, formats, heard);
    case 'string':
      return compileString(shape, formats);
    case 'number':
      return compileNumber(shape);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? undefined : wrongType('boolean', value));
    case 'null':
      return (value) => (value === null ? undefined : value === undefined ? miss('is required') : miss('must be null'));
    case 'oneOf':
      return compileOneOf(shape.values);
    case 'open':
      return compileOpen(shape.values, heard);
    case 'nullable': {
      const inner = compileShape(shape.of, formats, heard);
      return (value) => (value === null ? undefined : inner(value));
    }
    case 'optional': {
      const inner = compileShape(shape.of, formats, heard);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'any':
      return () => undefined;
  }
}

/** What is wrong with a value by a compiled check: "items[3].id: must be a string", or `whole` and the problem for the value itself. */
export function describeMiss(check: Check, value: unknown, whole: string): string | undefined {
  const m = check(value);
  if (!m) return undefined;
  let name = '';
  for (const part of m.path) name += typeof part === 'number' ? `[${part}]` : name ? `.${part}` : part;
  return name ? `${name}: ${m.problem}` : `${whole} ${m.problem}`;
}
