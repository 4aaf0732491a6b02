// The MCP tools: one definition of each, shared by the sandbox's /mcp and `wts mcp` (names, titles,
// annotations, input and output schemas), generated from the catalog.
import * as z from 'zod';
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { OPERATION_IDS, operations, type OperationDef, type OperationId } from './operations.js';
import { resultSchema } from './resources.js';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { isJsonObject } from './json.js';

type Part = 'path' | 'query' | 'body';

/** One operation as a tool: its arguments are the operation's path, query and body fields in one flat object. */
export interface OperationTool {
  name: OperationId;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  /** What tools/list shows: the input schema as JSON Schema, with every bound and description of the catalog. */
  jsonSchema: Tool['inputSchema'];
  /** The result's JSON Schema (the resource, or a page of them); structuredContent follows it. */
  outputSchema: NonNullable<Tool['outputSchema']>;
  scope: OperationDef['scope'];
  annotations: ToolAnnotations;
  /** Puts each argument back where the operation takes it. */
  split(args: Record<string, unknown>): {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    body: Record<string, unknown> | undefined;
  };
}

type OperationCatalog = Readonly<Record<OperationId, OperationDef>>;

const PAGE_HINTS: Record<OperationDef['page'], string> = {
  object: '',
  list: ' Returns { items }.',
  cursor: ' Returns a page { items, nextCursor }; pass nextCursor back as cursor for the next page.',
  offset: ' Returns a piece of the body with nextOffset; pass it back as offset to read on (null: complete).',
};

/** JSON Schema of an object, as MCP wants a tool's input and output schemas: properties that are schemas, required names. */
function isObjectSchema(json: JsonSchema): json is Tool['inputSchema'] {
  const { type, properties = {}, required = [] } = json;
  return (
    type === 'object' &&
    isJsonObject(properties) &&
    Object.values(properties).every((property) => typeof property === 'object' && property !== null) &&
    Array.isArray(required) &&
    required.every((name) => typeof name === 'string')
  );
}

/** A tool's input or output schema: `schema` (an object) as JSON Schema; throws if it does not describe an object. */
export function toolSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const json = jsonSchemaOf(schema, io);
  if (!isObjectSchema(json)) throw new Error(`the ${io} schema of a tool must describe an object, not ${JSON.stringify(json)}`);
  return json;
}

/** The tools, one per catalog entry. Throws if an operation uses one field name in two places (a flat object could not tell them apart). */
export function operationTools(catalog: OperationCatalog = operations): OperationTool[] {
  return OPERATION_IDS.map((name) => {
    const op = catalog[name];
    const partOf = new Map<string, Part>();
    const parts: [Part, z.ZodObject | null][] = [
      ['path', op.pathParams],
      ['query', op.query],
      ['body', op.body],
    ];
    for (const [part, schema] of parts) {
      for (const field of Object.keys(schema?.shape ?? {})) {
        const taken = partOf.get(field);
        if (taken) throw new Error(`${name}: the field ${field} is both a ${taken} and a ${part} field, so it cannot be one tool argument`);
        partOf.set(field, part);
      }
    }
    // Strict, like the catalog's own objects: a misspelt argument is refused, not ignored.
    const inputSchema = z.object({ ...op.pathParams.shape, ...op.query.shape, ...op.body?.shape }).strict();
    return {
      name,
      title: op.title,
      description: `${op.description} Requires the scope ${op.scope}.${PAGE_HINTS[op.page]}`,
      inputSchema,
      jsonSchema: toolSchemaOf(inputSchema, 'input'),
      outputSchema: toolSchemaOf(resultSchema(op), 'output'),
      scope: op.scope,
      // The title again for clients of protocol versions before tools had one.
      annotations: {
        title: op.title,
        readOnlyHint: op.effect === 'read',
        destructiveHint: op.effect === 'destructive',
        idempotentHint: op.idempotent,
        openWorldHint: op.openWorld,
      },
      split(args) {
        const path: Record<string, unknown> = {};
        const query: Record<string, unknown> = {};
        const body: Record<string, unknown> = {};
        const into = { path, query, body };
        // A field no part names goes to the query, whose strict schema then refuses it by name.
        for (const [field, value] of Object.entries(args)) into[partOf.get(field) ?? 'query'][field] = value;
        return { path, query, body: op.body ? body : undefined };
      },
    };
  });
}

/** What tools/list shows of a tool. */
export function listedTool(
  tool: Pick<OperationTool, 'title' | 'description' | 'jsonSchema' | 'outputSchema' | 'annotations'> & { name: string },
): Tool {
  const { name, title, description, jsonSchema, outputSchema, annotations } = tool;
  return { name, title, description, inputSchema: jsonSchema, outputSchema, annotations };
}
