// The catalog's zod schemas as JSON Schema (draft 2020-12), the one conversion behind the OpenAPI
// document and the MCP tools' input and output schemas.
import * as z from 'zod';
import { isJsonObject } from './json.js';

export type JsonSchema = Record<string, unknown>;

/**
 * `schema` as JSON Schema, without `$schema`. `input` describes what a caller may send (defaults make a
 * field optional), `output` what the service answers. Three spellings are changed for the tools that
 * read it (the MCP Inspector checks tools' schemas for portability): a value that may be any JSON
 * (`z.unknown()`, an empty schema) becomes `true`, which says so; a nullable field is `anyOf` a type and
 * null rather than `type: [T, "null"]`, which single-type dialects cannot read; and a date-time keeps
 * `format: date-time` without zod's long pattern repeating it.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...out } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return tidySchema(out);
}

/** Keywords that describe a value rather than constrain it: they stay outside the branches of a split type. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);

function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  return isJsonObject(node) ? tidySchema(node) : node;
}

function tidySchema(node: JsonSchema): JsonSchema {
  const { type } = node;
  if (Array.isArray(type) && type.length > 1) return tidySchema(splitType(node, type));
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && node.format === 'date-time') continue;
    // `examples` and `default` hold data, not schemas: kept as they are.
    if (key === 'examples' || key === 'default' || key === 'const' || key === 'enum') {
      out[key] = value;
      continue;
    }
    const isSchemaSlot = key === 'additionalProperties' || key === 'items';
    out[key] = isSchemaSlot && isEmptySchema(value) ? true : tidy(value);
  }
  return out;
}

function isEmptySchema(value: unknown): boolean {
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/** `{ type: ["string", "null"], maxLength: 9 }` as `{ anyOf: [{ type: "string", maxLength: 9 }, { type: "null" }] }`. */
function splitType(node: JsonSchema, types: readonly unknown[]): JsonSchema {
  const outer: JsonSchema = {};
  const constraints: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    (ANNOTATIONS.has(key) ? outer : constraints)[key] = value;
  }
  return { ...outer, anyOf: types.map((t) => (t === 'null' ? { type: 'null' } : { type: t, ...constraints })) };
}
