// A check of a value against one of the catalog's zod schemas, compiled once from the schema's definition
// into plain functions that look at the value in place. For the service's answers: zod's own parse
// copies every object it checks into its output, which over a 10,000-task listing doubled the garbage
// (measured: peak memory grew 5 MB more from 2,500 to 10,000 tasks), and compiles each object schema
// with `new Function` on first use, which a one-request command pays for in full. Fields the schema does
// not list are allowed (the service may add some). What a failure says follows the input checks of
// src/contract/validate.ts ("items[3].id: must be a string"). Kinds the catalog's results do not use
// are taken as they come.
import { isRecord } from '../narrow.js';

/** Where a value failed (keys and indexes, outermost first) and what is wrong with it. */
interface Miss {
  path: (string | number)[];
  problem: string;
}

type Check = (value: unknown) => Miss | undefined;

const miss = (problem: string): Miss => ({ path: [], problem });
const pass: Check = () => undefined;

/** "is required" for a missing value, else "must be a string" (an object is a JSON object). */
function wrongType(expected: string, value: unknown): Miss {
  if (value === undefined) return miss('is required');
  if (expected === 'object') return miss('must be a JSON object');
  return miss(`must be ${expected === 'array' || expected === 'integer' ? 'an' : 'a'} ${expected}`);
}

/** The definition of a zod schema (`schema.def`), as a record to read without assuming its type. */
function defOf(schema: unknown): Record<string, unknown> {
  return isRecord(schema) && isRecord(schema.def) ? schema.def : {};
}

/** The length and format checks of a string or array schema, as one check (undefined: none). */
function lengthChecks(
  def: Record<string, unknown>,
  unit: (n: number) => string,
): ((value: { length: number }) => Miss | undefined) | undefined {
  const checks: ((value: { length: number }) => Miss | undefined)[] = [];
  for (const check of Array.isArray(def.checks) ? def.checks : []) {
    const c = defOf(isRecord(check) ? check._zod : undefined);
    if (c.check === 'min_length' && typeof c.minimum === 'number') {
      const min = c.minimum;
      const said =
        unit !== characters ? `must have at least ${unit(min)}` : min <= 1 ? 'must not be empty' : `must be at least ${unit(min)}`;
      checks.push((v) => (v.length < min ? miss(said) : undefined));
    } else if (c.check === 'max_length' && typeof c.maximum === 'number') {
      const max = c.maximum;
      const said = unit === characters ? `must be at most ${unit(max)}` : `must have at most ${unit(max)}`;
      checks.push((v) => (v.length > max ? miss(said) : undefined));
    }
  }
  if (checks.length === 0) return undefined;
  return (value) => {
    for (const check of checks) {
      const m = check(value);
      if (m) return m;
    }
    return undefined;
  };
}

const characters = (n: number) => `${n} characters`;
const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

function compileString(def: Record<string, unknown>): Check {
  const lengths = lengthChecks(def, characters);
  const pattern = def.pattern instanceof RegExp ? def.pattern : undefined;
  const format =
    def.format === 'datetime'
      ? 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-22T09:00:00Z'
      : `must be a valid ${String(def.format)}`;
  return (value) => {
    if (typeof value !== 'string') return wrongType('string', value);
    if (pattern && !pattern.test(value)) return miss(format);
    return lengths?.(value);
  };
}

function compileNumber(def: Record<string, unknown>): Check {
  const checks = (Array.isArray(def.checks) ? def.checks : []).map((check) => defOf(isRecord(check) ? check._zod : undefined));
  const whole = checks.some((c) => c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32'));
  const bound = (kind: string) => checks.find((c) => c.check === kind && typeof c.value === 'number');
  const low = bound('greater_than');
  const high = bound('less_than');
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return wrongType('number', value);
    if (whole && !Number.isSafeInteger(value)) return miss('must be a whole number');
    if (low && typeof low.value === 'number' && (value < low.value || (!low.inclusive && value === low.value)))
      return miss(`must be at least ${low.value}`);
    if (high && typeof high.value === 'number' && (value > high.value || (!high.inclusive && value === high.value)))
      return miss(`must be at most ${high.value}`);
    return undefined;
  };
}

function compileObject(def: Record<string, unknown>): Check {
  const fields = Object.entries(isRecord(def.shape) ? def.shape : {}).map(([key, schema]): [string, Check] => [key, compileShape(schema)]);
  return (value) => {
    if (!isRecord(value)) return wrongType('object', value);
    for (const [key, check] of fields) {
      const m = check(value[key]);
      if (m) {
        m.path.unshift(key);
        return m;
      }
    }
    return undefined;
  };
}

function compileArray(def: Record<string, unknown>): Check {
  const element = compileShape(def.element);
  const lengths = lengthChecks(def, items);
  return (value) => {
    if (!Array.isArray(value)) return wrongType('array', value);
    const m = lengths?.(value);
    if (m) return m;
    for (let i = 0; i < value.length; i++) {
      const found = element(value[i]);
      if (found) {
        found.path.unshift(i);
        return found;
      }
    }
    return undefined;
  };
}

function compileRecord(def: Record<string, unknown>): Check {
  const element = compileShape(def.valueType);
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

/** One of a fixed set of values (an enum's entries, a literal's values). */
function compileOneOf(values: unknown[]): Check {
  const allowed = new Set(values);
  const said = `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  return (value) => (allowed.has(value) ? undefined : value === undefined ? miss('is required') : miss(said));
}

/** Compiles a zod schema into a check of a value in place. */
export function compileShape(schema: unknown): Check {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return compileObject(def);
    case 'array':
      return compileArray(def);
    case 'record':
      return compileRecord(def);
    case 'string':
      return compileString(def);
    case 'number':
      return compileNumber(def);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? undefined : wrongType('boolean', value));
    case 'null':
      return (value) => (value === null ? undefined : value === undefined ? miss('is required') : miss('must be null'));
    case 'enum':
      return compileOneOf(Object.values(isRecord(def.entries) ? def.entries : {}));
    case 'literal':
      return compileOneOf(Array.isArray(def.values) ? def.values : []);
    case 'nullable': {
      const inner = compileShape(def.innerType);
      return (value) => (value === null ? undefined : inner(value));
    }
    case 'optional': {
      const inner = compileShape(def.innerType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    default:
      return pass;
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
