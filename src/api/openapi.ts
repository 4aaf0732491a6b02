// The machine-readable description of the API (OpenAPI 3.1.0, info.version 1.0.0), generated from the catalog.
import * as z from 'zod';
import { operations, SCOPES, type OperationDef } from './operations.js';
import { resources } from './resources.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function responseSchema(op: OperationDef): JsonSchema {
  if (op.page === 'list' || op.page === 'cursor') {
    return {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', items: ref(op.result) }, nextCursor: { type: ['string', 'null'] } },
    };
  }
  return ref(op.result);
}

const ERROR_STATUSES = ['400', '401', '403', '404', '409', '429'] as const;

export function buildOpenApi(origin: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, def] of Object.entries(operations)) {
    const op = def as unknown as OperationDef;
    const parameters: JsonSchema[] = [];
    for (const [name, schema] of Object.entries(op.pathParams.shape)) {
      parameters.push({ name, in: 'path', required: true, schema: jsonSchema(schema as z.ZodType) });
    }
    for (const [name, schema] of Object.entries(op.query.shape)) {
      const s = schema as z.ZodType;
      const js = jsonSchema(s);
      parameters.push({ name, in: 'query', required: !s.safeParse(undefined).success, ...(js.description ? { description: js.description } : {}), schema: js });
    }
    const operation: JsonSchema = {
      operationId,
      summary: op.summary,
      security: [{ oauth2: [op.scope] }],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: responseSchema(op) } } },
        ...Object.fromEntries(ERROR_STATUSES.map((s) => [s, { $ref: '#/components/responses/Problem' }])),
      },
      'x-page-kind': op.page,
    };
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Workspace Task Service API', version: '1.0.0' },
    servers: [{ url: `${origin}/api/v1` }],
    paths,
    components: {
      schemas: {
        ...Object.fromEntries(Object.entries(resources).map(([name, schema]) => [name, jsonSchema(schema, 'output')])),
        Problem: {
          type: 'object',
          required: ['title', 'status', 'code'],
          properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, code: { type: 'string' } },
        },
      },
      responses: {
        Problem: { description: 'An error', content: { 'application/problem+json': { schema: ref('Problem') } } },
      },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${origin}/oauth/authorize`,
              tokenUrl: `${origin}/oauth/token`,
              refreshUrl: `${origin}/oauth/token`,
              scopes: Object.fromEntries([...SCOPES, 'offline_access'].map((s) => [s, s])),
            },
          },
        },
      },
    },
  };
}
