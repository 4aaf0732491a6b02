// What the service's own OpenAPI 3.x document says about the names the spec leaves open, compared with
// the catalog by operationId (`wts doctor`). Where the document settles a name for certain, it is
// learned: the page container is the page schema's one array property; a query parameter, body or
// answer property wts expects but the document lacks pairs with the one property the document has that
// wts lacks, when exactly one has the same schema (type, format, bounds, enum) and no other expected
// property pairs with it. Anything else — two candidates, none, an enum value the document lacks — is a
// difference a names file has to settle: no guess. $refs are followed inside the document only
// (docs/dependencies.md says why this is not a package).
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { isJsonObject } from './json.js';
import { getOperation, OPERATION_IDS, type OperationId } from './operations.js';
import { resources } from './resources.js';
import type { WireNames } from './wire-names.js';

/** One difference between the document and what wts sends and expects. */
export interface Difference {
  /** The operation (query, body, page) or resource (answer fields and values) it is about. */
  where: string;
  kind: 'operation' | 'page' | 'query' | 'body' | 'field' | 'value';
  /** wts's name (for a value: `field=value`). */
  wts: string;
  /** The service's name, when the document settles it; undefined: missing. */
  service?: string;
  /** The service's names it could be (two or more of the same schema). */
  candidates?: string[];
  /** The names-file key and section that would settle it. */
  key: { section: 'page' | 'query' | 'fields' | 'values'; name: string; value?: string };
}

export interface Comparison {
  differences: Difference[];
  /** The names the document settles (what wts adapts to). */
  learned: WireNames;
}

const MAX_REFS = 32;

/** `node` with its $ref followed (inside the document only), and again while it is one. */
function resolve(doc: JsonSchema, node: unknown): unknown {
  let current = node;
  for (let i = 0; i < MAX_REFS && isJsonObject(current) && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isJsonObject(target) ? target[key] : undefined;
    }
    current = target;
  }
  return current;
}

/** What makes two schemas the same for pairing: type, format, bounds, enum, nullable; not the words. */
function signature(doc: JsonSchema, node: unknown): string {
  const schema = resolve(doc, node);
  if (!isJsonObject(schema)) return '?';
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf.map((b) => resolve(doc, b)).filter(isJsonObject) : [schema];
  const nullable = branches.some((b) => b.type === 'null') || (Array.isArray(schema.type) && schema.type.includes('null'));
  const main = branches.find((b) => b.type !== 'null') ?? schema;
  const type = Array.isArray(main.type) ? main.type.filter((t) => t !== 'null').join('|') : main.type;
  const items = main.type === 'array' ? signature(doc, main.items) : undefined;
  const enumValues = Array.isArray(main.enum) ? [...main.enum].map(String).sort() : undefined;
  const bounds = ['format', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'].map((k) => main[k]);
  return JSON.stringify([type, nullable, items, enumValues, bounds]);
}

const propertiesOf = (doc: JsonSchema, node: unknown): Record<string, unknown> => {
  const schema = resolve(doc, node);
  return isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
};

/** The operations of the document, by operationId. */
function documentOperations(doc: JsonSchema): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  for (const item of Object.values(isJsonObject(doc.paths) ? doc.paths : {})) {
    const pathItem = resolve(doc, item);
    for (const [method, operation] of Object.entries(isJsonObject(pathItem) ? pathItem : {})) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || !isJsonObject(operation)) continue;
      if (typeof operation.operationId === 'string') found.set(operation.operationId, operation);
    }
  }
  return found;
}

/** Both sides' properties of one place (query, body, an answer resource), compared: renames learned, the rest differences. */
function pair(
  doc: JsonSchema,
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  make: (wts: string) => Pick<Difference, 'where' | 'kind' | 'key'>,
  out: Comparison,
  learn: (wts: string, service: string) => void,
): void {
  const missing = Object.keys(expected).filter((k) => !Object.hasOwn(actual, k));
  const extra = Object.keys(actual).filter((k) => !Object.hasOwn(expected, k));
  const sig = (side: 'wts' | 'doc', name: string) => (side === 'wts' ? signature({}, expected[name]) : signature(doc, actual[name]));
  for (const name of missing) {
    const candidates = extra.filter((e) => sig('doc', e) === sig('wts', name));
    const rivals = candidates.length === 1 ? missing.filter((m) => sig('wts', m) === sig('wts', name)) : [];
    const settled = candidates.length === 1 && rivals.length === 1 ? candidates[0] : undefined;
    if (settled !== undefined) learn(name, settled);
    out.differences.push({
      ...make(name),
      wts: name,
      ...(settled !== undefined && { service: settled }),
      ...(settled === undefined && candidates.length > 1 && { candidates }),
    });
  }
  for (const name of Object.keys(expected).filter((k) => Object.hasOwn(actual, k)))
    values(doc, expected[name], actual[name], name, make, out);
}

/** The enum values wts expects of a property that the document's enum lacks: a names file's business. */
function values(
  doc: JsonSchema,
  expected: unknown,
  actual: unknown,
  field: string,
  make: (wts: string) => Pick<Difference, 'where' | 'kind' | 'key'>,
  out: Comparison,
): void {
  const enumOf = (d: JsonSchema, node: unknown): unknown[] | undefined => {
    const schema = resolve(d, node);
    if (!isJsonObject(schema)) return undefined;
    if (Array.isArray(schema.enum)) return schema.enum;
    const branch = Array.isArray(schema.anyOf)
      ? schema.anyOf.map((b) => resolve(d, b)).find((b) => isJsonObject(b) && Array.isArray(b.enum))
      : undefined;
    return isJsonObject(branch) && Array.isArray(branch.enum) ? branch.enum : undefined;
  };
  const want = enumOf({}, expected);
  const have = enumOf(doc, actual);
  if (!want || !have) return;
  const { where } = make(field);
  for (const value of want.filter((v) => !have.includes(v))) {
    out.differences.push({
      where,
      kind: 'value',
      wts: `${field}=${String(value)}`,
      key: { section: 'values', name: `${where}.${field}`, value: String(value) },
    });
  }
}

/** The document's 200 answer schema of an operation. */
function answerSchema(doc: JsonSchema, operation: JsonSchema): unknown {
  const responses = resolve(doc, operation.responses);
  const ok = isJsonObject(responses) ? resolve(doc, responses['200'] ?? responses['201']) : undefined;
  const content = isJsonObject(ok) && isJsonObject(ok.content) ? ok.content : {};
  const json = Object.entries(content).find(([type]) => /json/.test(type))?.[1];
  return isJsonObject(json) ? json.schema : undefined;
}

function queryOf(doc: JsonSchema, operation: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const raw of Array.isArray(operation.parameters) ? operation.parameters : []) {
    const param = resolve(doc, raw);
    if (isJsonObject(param) && param.in === 'query' && typeof param.name === 'string') out[param.name] = param.schema;
  }
  return out;
}

function bodyOf(doc: JsonSchema, operation: JsonSchema): Record<string, unknown> {
  const body = resolve(doc, operation.requestBody);
  const content = isJsonObject(body) && isJsonObject(body.content) ? body.content : {};
  const json = Object.entries(content).find(([type]) => /json/.test(type))?.[1];
  return isJsonObject(json) ? propertiesOf(doc, json.schema) : {};
}

/** The page container of an operation's answer: its one array property (undefined: none, or more than one). */
function pageContainer(doc: JsonSchema, schema: unknown): { name?: string; item?: unknown } {
  const arrays = Object.entries(propertiesOf(doc, schema)).filter(([, p]) => {
    const s = resolve(doc, p);
    return isJsonObject(s) && s.type === 'array';
  });
  const only = arrays.length === 1 ? arrays[0] : undefined;
  if (!only) return {};
  const s = resolve(doc, only[1]);
  return { name: only[0], item: isJsonObject(s) ? s.items : undefined };
}

/** Compares the document with the catalog; `doc` is checked to be an object by the caller. */
export function compareWithCatalog(doc: JsonSchema): Comparison {
  const out: Comparison = { differences: [], learned: { query: {}, fields: {}, values: {} } };
  const ops = documentOperations(doc);
  const containers = new Set<string>();
  const resourcesSeen = new Set<string>();
  const learnQuery = (op: OperationId) => (wts: string, service: string) => {
    if (out.learned.query) out.learned.query[`${op}.${wts}`] = service;
  };
  const learnField = (qualifier: string) => (wts: string, service: string) => {
    if (out.learned.fields) out.learned.fields[`${qualifier}.${wts}`] = service;
  };
  for (const opId of OPERATION_IDS) {
    const op = getOperation(opId);
    const operation = ops.get(opId);
    if (!operation) {
      out.differences.push({ where: opId, kind: 'operation', wts: opId, key: { section: 'query', name: opId } });
      continue;
    }
    const query = propertiesOf({}, jsonSchemaOf(op.query, 'input'));
    const where = (kind: 'query' | 'body') => (wts: string) =>
      ({ where: opId, kind, key: { section: kind === 'query' ? 'query' : 'fields', name: `${opId}.${wts}` } }) as const;
    pair(doc, query, queryOf(doc, operation), where('query'), out, learnQuery(opId));
    if (op.body) {
      const body = propertiesOf({}, jsonSchemaOf(op.body, 'input'));
      pair(doc, body, bodyOf(doc, operation), where('body'), out, learnField(opId));
    }
    let item = answerSchema(doc, operation);
    if (op.page === 'list' || op.page === 'cursor') {
      const page = pageContainer(doc, item);
      if (page.name === undefined)
        out.differences.push({ where: opId, kind: 'page', wts: 'items', key: { section: 'page', name: 'page' } });
      else if (page.name !== 'items') containers.add(page.name);
      item = page.item;
      if (page.name === undefined) continue;
    }
    if (op.page === 'offset' || resourcesSeen.has(op.result) || item === undefined) continue;
    resourcesSeen.add(op.result);
    const expected = propertiesOf({}, jsonSchemaOf(resources[op.result], 'output'));
    const resource = op.result;
    const field = (wts: string) => ({ where: resource, kind: 'field', key: { section: 'fields', name: `${resource}.${wts}` } }) as const;
    pair(doc, expected, propertiesOf(doc, item), field, out, learnField(resource));
  }
  if (containers.size === 1) out.learned.page = [...containers][0];
  return out;
}

/** The page container the document gives every listing (learned), for the report: one line. */
export function pageDifference(learned: WireNames): Difference | undefined {
  return learned.page === undefined
    ? undefined
    : { where: 'every listing', kind: 'page', wts: 'items', service: learned.page, key: { section: 'page', name: 'page' } };
}
