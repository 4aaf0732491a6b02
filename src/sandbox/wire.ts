// The sandbox playing another service (`wts sandbox --wire-names FILE`): the requests it reads come in the
// service's names and are renamed to the catalog's before the handlers see them; its answers go out
// renamed to the service's; its OpenAPI document describes the renamed wire (`--wire-document service`)
// or keeps wts's names (`wts`: a description that does not tell). A name it does not know (wts's name
// of a renamed parameter or field, or any other) is refused with a 400 naming it (`--unknown-names
// refuse`), or dropped unread (`ignore`, as a lenient service does).
import { getOperation, OPERATION_IDS, type OperationId } from '../contract/operations.js';
import { isJsonObject } from '../contract/json.js';
import type { JsonSchema } from '../contract/json-schema.js';
import { operationNames, renameAnswer, renameObject, type OperationNames, type WireNames } from '../contract/wire-names.js';
import { ServiceError } from './problem.js';

/** How the sandbox plays another service. */
export interface SandboxWire {
  names: WireNames;
  /** What the OpenAPI document names: the renamed wire (default), or wts's own names. */
  document: 'service' | 'wts';
  /** What becomes of a query parameter or body field the service does not know (default: refuse). */
  unknown: 'refuse' | 'ignore';
}

type RawQuery = Record<string, string[]>;

/** The sandbox's wire for each operation, built on first use. */
export class WireRenamer {
  private readonly byOperation = new Map<OperationId, OperationNames | undefined>();

  constructor(readonly wire: SandboxWire) {}

  of(opId: OperationId): OperationNames | undefined {
    if (!this.byOperation.has(opId)) this.byOperation.set(opId, operationNames(this.wire.names, opId, getOperation(opId).result));
    return this.byOperation.get(opId);
  }

  /** A request's query in the service's names → the catalog's; an unknown name refused or dropped. */
  query(opId: OperationId, raw: RawQuery): RawQuery {
    const names = this.of(opId);
    const known = new Set(Object.keys(getOperation(opId).query.shape));
    const out: RawQuery = {};
    for (const [key, values] of Object.entries(raw)) {
      const renamedAway = names !== undefined && Object.hasOwn(names.query.out, key) && !Object.hasOwn(names.query.in, key);
      const wtsName = names?.query.in[key] ?? key;
      if (renamedAway || !known.has(wtsName)) {
        if (this.wire.unknown === 'ignore') continue;
        throw new ServiceError('invalid_request', `unknown query parameter: ${key}`);
      }
      const map = names?.values[wtsName]?.in;
      out[wtsName] = map ? values.map((v) => (Object.hasOwn(map, v) ? (map[v] ?? v) : v)) : values;
    }
    return out;
  }

  /** A request's body in the service's names → the catalog's; an unknown field refused or dropped. */
  body(opId: OperationId, body: unknown): unknown {
    const names = this.of(opId);
    const schema = getOperation(opId).body;
    if (!isJsonObject(body) || !schema) return body;
    const known = new Set(Object.keys(schema.shape));
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      const renamedAway = names !== undefined && Object.hasOwn(names.fields.out, key) && !Object.hasOwn(names.fields.in, key);
      const wtsName = names?.fields.in[key] ?? key;
      if (renamedAway || !known.has(wtsName)) {
        if (this.wire.unknown === 'ignore') continue;
        throw new ServiceError('invalid_request', `unknown field: ${key}`);
      }
      kept[key] = value;
    }
    return names ? renameObject(names, names.fields, kept, 'in') : kept;
  }

  /** An answer in the catalog's names → the service's. */
  answer(opId: OperationId, value: unknown): unknown {
    const names = this.of(opId);
    if (!names) return value;
    const page = getOperation(opId).page;
    return renameAnswer(names, value, page === 'list' || page === 'cursor', 'out');
  }

  /** The OpenAPI document describing the renamed wire (unchanged with `--wire-document wts`). */
  document(doc: JsonSchema): JsonSchema {
    if (this.wire.document === 'wts') return doc;
    const copy: JsonSchema = structuredClone(doc);
    const paths = isJsonObject(copy.paths) ? copy.paths : {};
    for (const item of Object.values(paths)) {
      for (const operation of Object.values(isJsonObject(item) ? item : {})) {
        if (!isJsonObject(operation)) continue;
        const opId = OPERATION_IDS.find((id) => id === operation.operationId);
        if (opId === undefined) continue;
        const names = this.of(opId);
        if (names) renameOperation(operation, names, getOperation(opId).page);
      }
    }
    const components = isJsonObject(copy.components) ? copy.components : {};
    const schemas = isJsonObject(components.schemas) ? components.schemas : {};
    for (const [resource, schema] of Object.entries(schemas)) {
      const names = operationNames(this.wire.names, '', resource);
      if (names && isJsonObject(schema)) renameSchema(schema, names);
    }
    return copy;
  }
}

/** An object schema's properties (and required list, and enum values) renamed to the wire's names. */
function renameSchema(schema: JsonSchema, names: OperationNames): void {
  if (!isJsonObject(schema.properties)) return;
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema.properties)) {
    const values = names.values[key]?.out;
    if (values && isJsonObject(value)) renameEnum(value, values);
    properties[names.fields.out[key] ?? key] = value;
  }
  schema.properties = properties;
  if (Array.isArray(schema.required))
    schema.required = schema.required.map((k) => (typeof k === 'string' ? (names.fields.out[k] ?? k) : k));
  if (isJsonObject(schema.example)) schema.example = renameObject(names, names.fields, schema.example, 'out');
}

function renameEnum(schema: JsonSchema, values: Record<string, string>): void {
  if (Array.isArray(schema.enum)) schema.enum = schema.enum.map((v) => (typeof v === 'string' ? (values[v] ?? v) : v));
  if (Array.isArray(schema.anyOf)) for (const branch of schema.anyOf) if (isJsonObject(branch)) renameEnum(branch, values);
}

function renameOperation(operation: JsonSchema, names: OperationNames, page: string): void {
  if (Array.isArray(operation.parameters)) {
    for (const param of operation.parameters) {
      if (!isJsonObject(param) || param.in !== 'query' || typeof param.name !== 'string') continue;
      const wtsName = param.name;
      param.name = names.query.out[wtsName] ?? wtsName;
      const values = names.values[wtsName]?.out;
      if (values && isJsonObject(param.schema)) renameEnum(param.schema, values);
    }
  }
  const body = isJsonObject(operation.requestBody) ? operation.requestBody : undefined;
  const content = isJsonObject(body?.content) ? body.content : undefined;
  const json = isJsonObject(content?.['application/json']) ? content['application/json'] : undefined;
  if (json && isJsonObject(json.schema)) {
    renameSchema(json.schema, names);
    if (isJsonObject(json.example)) json.example = renameObject(names, names.fields, json.example, 'out');
  }
  if (page !== 'list' && page !== 'cursor') return;
  const responses = isJsonObject(operation.responses) ? operation.responses : {};
  const ok = isJsonObject(responses['200']) ? responses['200'] : {};
  const okContent = isJsonObject(ok.content) ? ok.content : {};
  const okJson = isJsonObject(okContent['application/json']) ? okContent['application/json'] : {};
  const schema = isJsonObject(okJson.schema) ? okJson.schema : undefined;
  if (schema) renameSchema(schema, { ...names, fields: { out: { items: names.page }, in: { [names.page]: 'items' } }, values: {} });
}
