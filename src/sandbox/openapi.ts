// The machine-readable description of the API (OpenAPI 3.1.0, info.version 1.0.0), generated from the
// catalog: its titles, descriptions, tags, scopes and field schemas, and the resources' schemas and
// examples. `npm test` lints it with Redocly (recommended-strict) and Spectral (spectral:oas).
import type * as z from 'zod';
import { getOperation, OPERATION_IDS, SCOPE_WORDS, TAGS, type OperationDef } from '../contract/operations.js';
import { resources, resultSchema } from '../contract/resources.js';
import { jsonSchemaOf, type JsonSchema } from '../contract/json-schema.js';
import { isJsonObject } from '../contract/json.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The 200 answer's schema: the resource, or a page whose items are the resource. */
function responseSchema(op: OperationDef): JsonSchema {
  if (op.page !== 'list' && op.page !== 'cursor') return ref(op.result);
  const page = jsonSchemaOf(resultSchema(op), 'output');
  const properties = isJsonObject(page.properties) ? page.properties : {};
  const items = isJsonObject(properties.items) ? properties.items : {};
  return { ...page, properties: { ...properties, items: { ...items, items: ref(op.result) } } };
}

const RESPONSE_TEXT: Record<OperationDef['page'], (result: string) => string> = {
  object: (result) => `The ${result}.`,
  list: (result) => `Every ${result}, in one page.`,
  cursor: (result) => `A page of ${result} items, and the cursor of the next page.`,
  offset: () => 'A piece of the entry body, and where the next piece starts.',
};

function parameters(op: OperationDef): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query', shape: Record<string, z.ZodType>) => {
    for (const [name, schema] of Object.entries(shape)) {
      const { description, ...rest } = jsonSchemaOf(schema, 'input');
      list.push({ name, in: where, required: where === 'path' || !schema.safeParse(undefined).success, description, schema: rest });
    }
  };
  add('path', op.pathParams.shape);
  add('query', op.query.shape);
  return list;
}

/** A request body example made of each field's first example (the fields the catalog gives one). */
function bodyExample(schema: JsonSchema): Record<string, unknown> {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(properties).flatMap(([name, field]) => {
      const examples = isJsonObject(field) ? field.examples : undefined;
      return Array.isArray(examples) && examples.length ? [[name, examples[0]]] : [];
    }),
  );
}

function requestBody(body: z.ZodObject): JsonSchema {
  const schema = jsonSchemaOf(body, 'input');
  const fields = Object.keys(body.shape);
  return {
    required: true,
    description: fields.length === 0 ? 'An empty JSON object.' : `A JSON object with ${fields.join(', ')}.`,
    content: { 'application/json': { schema, example: bodyExample(schema) } },
  };
}

function problemResponse(
  status: number,
  code: string,
  title: string,
  description: string,
  detail: string,
  headers?: Record<string, unknown>,
): JsonSchema {
  const example = { type: `https://wts.example/problems/${code.replace(/_/g, '-')}`, title, status, detail, code };
  return { description, ...(headers ? { headers } : {}), content: { 'application/problem+json': { schema: ref('Problem'), example } } };
}

/** The six error answers every operation documents (the service's error contract), with their headers. */
const ERROR_RESPONSES: Record<string, JsonSchema> = {
  '400': problemResponse(
    400,
    'invalid_request',
    'Bad Request',
    'The request is invalid; detail names the field and its bound.',
    'limit: must be at most 50',
  ),
  '401': problemResponse(
    401,
    'unauthorized',
    'Unauthorized',
    'No access token, or one that is invalid, expired or meant for another resource.',
    'an access token is required',
    {
      'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
    },
  ),
  '403': problemResponse(
    403,
    'insufficient_scope',
    'Forbidden',
    'The connection lacks the scope the operation needs (insufficient_scope), or the workspace was not shared with it (workspace_forbidden).',
    'list_tasks needs the scope workspace:read, which this connection was not granted',
    {
      'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
    },
  ),
  '404': problemResponse(404, 'not_found', 'Not Found', 'No such resource, or one this connection cannot see.', 'no task task_x here'),
  '409': problemResponse(
    409,
    'conflict',
    'Conflict',
    "The resource's state does not allow this (conflict), or the task is not done (task_not_done).",
    'pending action act_s001 is already approved, so it cannot be rejected',
  ),
  '429': problemResponse(
    429,
    'rate_limited',
    'Too Many Requests',
    'Too many requests; retry after the number of seconds Retry-After gives.',
    'rate limit of 120 requests per 60 s exceeded',
    {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    },
  ),
};

const ERROR_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '429': 'TooManyRequests',
};

export function buildOpenApi(origin: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operationId of OPERATION_IDS) {
    const op = getOperation(operationId);
    const params = parameters(op);
    const operation: JsonSchema = {
      operationId,
      summary: op.title,
      description: op.description,
      tags: [op.tag],
      security: [{ oauth2: [op.scope] }],
      ...(params.length ? { parameters: params } : {}),
      ...(op.body ? { requestBody: requestBody(op.body) } : {}),
      responses: {
        '200': { description: RESPONSE_TEXT[op.page](op.result), content: { 'application/json': { schema: responseSchema(op) } } },
        ...Object.fromEntries(Object.entries(ERROR_NAMES).map(([status, name]) => [status, { $ref: `#/components/responses/${name}` }])),
      },
      'x-page-kind': op.page,
    };
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace Task Service API',
      version: '1.0.0',
      description:
        'Workspaces, tasks, reminders, agent handbooks, knowledge sources, scheduled tasks and pending approvals, read and changed on behalf of a signed-in user, ' +
        'within the scopes and workspaces the user granted. The same operations are tools of the MCP server at /mcp. ' +
        'Errors are application/problem+json (RFC 9457) with a machine-readable code.',
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'wts', url: 'https://github.com/wts-cli/wts/issues' },
    },
    servers: [{ url: `${origin}/api/v1`, description: 'This service' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: {
        ...Object.fromEntries(Object.entries(resources).map(([name, schema]) => [name, jsonSchemaOf(schema, 'output')])),
        Problem: {
          type: 'object',
          description: 'An error (RFC 9457 problem details).',
          required: ['title', 'status', 'code'],
          properties: {
            type: { type: 'string', description: 'a URI naming the kind of problem' },
            title: { type: 'string', description: 'the HTTP status in words' },
            status: { type: 'integer', description: 'the HTTP status of the response' },
            detail: { type: 'string', description: 'what went wrong, for people' },
            code: {
              type: 'string',
              description:
                'what went wrong, for programs: invalid_request, unauthorized, insufficient_scope, workspace_forbidden, not_found, conflict, task_not_done, rate_limited…',
            },
          },
        },
      },
      responses: Object.fromEntries(Object.entries(ERROR_NAMES).map(([status, name]) => [name, ERROR_RESPONSES[status]])),
      headers: {
        'WWW-Authenticate': {
          description:
            'The bearer challenge (RFC 6750), naming the protected-resource metadata (RFC 9728) and, for insufficient_scope, the scopes to ask for.',
          schema: { type: 'string' },
          example: `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/api/v1"`,
        },
        'Retry-After': {
          description: 'Seconds to wait before sending another request.',
          schema: { type: 'integer', minimum: 0 },
          example: 30,
        },
      },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'OAuth 2.0 authorization code with PKCE (S256); the access token is sent as `Authorization: Bearer`.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${origin}/oauth/authorize`,
              tokenUrl: `${origin}/oauth/token`,
              refreshUrl: `${origin}/oauth/token`,
              scopes: Object.fromEntries(Object.entries(SCOPE_WORDS).map(([scope, words]) => [scope, words.grants])),
            },
          },
        },
      },
    },
  };
}
