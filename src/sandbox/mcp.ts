// /mcp: the service's 56 operations as tools of an MCP server over Streamable HTTP, generated from the
// catalog and answered by the same executeOperation as /api/v1, so both behave the same.
import { Hono, type MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import * as z from 'zod';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { getOperation, OPERATION_IDS, operations, type OperationDef, type OperationId } from '../contract/operations.js';
import { resultSchema } from '../contract/resources.js';
import { jsonSchemaOf, type JsonSchema } from './json-schema.js';
import { isJsonObject } from './json.js';
import type { SandboxContext } from './context.js';
import type { Principal } from './model.js';
import { ServiceError } from './problem.js';
import { bearerAuth, bodyLimitOf, faultMiddleware, MAX_BODY_BYTES, resourceOf } from './guard.js';
import { executeOperation } from './api/dispatch.js';
import { stackOf } from '../errors.js';

type Env = { Bindings: HttpBindings; Variables: { principal: Principal } };
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

export type OperationCatalog = Readonly<Record<OperationId, OperationDef>>;

const PAGE_HINTS: Record<OperationDef['page'], string> = {
  object: '',
  list: ' Returns { items }.',
  cursor: ' Returns a page { items, nextCursor }; pass nextCursor back as cursor for the next page.',
  offset: ' Returns a piece of the body with nextOffset; pass it back as offset to read on (null: complete).',
};

const isOperationId = (name: string): name is OperationId => Object.hasOwn(operations, name);

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

function toolSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
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

function problemResult(err: ServiceError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(err.toProblem()) }] };
}

/** The MCP SDK, loaded on the first /mcp request: it is a third of the sandbox's start-up otherwise. */
async function loadSdk() {
  const [server, transport, ajv, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return { ...server, ...transport, ...ajv, ...types };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/**
 * A low-level SDK server rather than McpServer, so that arguments are checked by the catalog itself, in
 * the same order and words as /api/v1 (scope first, then "limit: must be at most 50" as problem+json),
 * instead of by the SDK's own validation before our code runs. A server answers one request, so its
 * tools act for that request's caller, `principal`, as bearerAuth found it.
 */
function toolServer(
  sdk: Sdk,
  ctx: SandboxContext,
  principal: Principal,
  tools: ReadonlyMap<string, OperationTool>,
  jsonSchemaValidator: AjvJsonSchemaValidator,
): Server {
  const { Server, CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode } = sdk;
  const server = new Server(
    { name: 'workspace-task-service', title: 'Workspace Task Service', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator,
      instructions:
        'Tools act as the signed-in user, within the scopes and workspaces granted to this connection. ' +
        'Identifiers come from list and search tools: list_workspaces, list_tasks, search_tasks, list_agents, list_pending_actions, list_scheduled_tasks. ' +
        'When the service refuses a call, the result has isError and its text is a problem+json object { type, title, status, detail, code }.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map(({ name, title, description, jsonSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema: jsonSchema,
      outputSchema,
      annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    try {
      const result = await executeOperation(ctx, principal, tool.name, tool.split(request.params.arguments ?? {}));
      if (!isJsonObject(result)) throw new Error(`the handler returned ${JSON.stringify(result)}, not an object`);
      // structuredContent for clients that read the outputSchema; the same JSON as text for those that do not.
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      if (err instanceof ServiceError) return problemResult(err);
      ctx.log(`internal error in tool ${tool.name}: ${stackOf(err)}`);
      return problemResult(new ServiceError('internal_error', 'the sandbox failed to handle this tool call'));
    }
  });
  return server;
}

/**
 * MCP scope step-up: a tools/call needing a scope this connection lacks is refused with HTTP 403 and
 * `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, naming every scope the client should
 * then ask for, so an MCP client can sign in again with more.
 */
function requireToolScopes(ctx: SandboxContext, principal: Principal, body: unknown): void {
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    if (!isJsonObject(message) || message.method !== 'tools/call' || !isJsonObject(message.params)) continue;
    const { name } = message.params;
    if (typeof name !== 'string' || !isOperationId(name)) continue;
    const { scope } = getOperation(name);
    if (principal.scopes.includes(scope)) continue;
    const wanted = [...new Set([...principal.scopes, scope])].join(' ');
    const detail = `${name} needs the scope ${scope}, which this connection was not granted`;
    throw new ServiceError('insufficient_scope', detail, {
      'www-authenticate': `Bearer error="insufficient_scope", scope="${wanted}", resource_metadata="${resourceOf(ctx, '/mcp').metadataUrl}", error_description="${detail}"`,
    });
  }
}

/**
 * The MCP transport spec requires servers to check Origin against DNS rebinding. The Host check in
 * server.ts already stops rebinding; this also refuses pages of other origins that call us directly.
 */
function ownOriginOnly(ctx: SandboxContext): MiddlewareHandler<Env> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      const own = new URL(ctx.origin);
      const host = URL.canParse(origin) ? new URL(origin).host : undefined;
      if (host !== own.host && host !== `localhost:${own.port}`) {
        throw new ServiceError('forbidden_host', `this tool server answers only requests from ${ctx.origin}`);
      }
    }
    await next();
  };
}

/**
 * /mcp, stateless: each POST gets a fresh server and transport, so any request can go anywhere and
 * nothing is kept between them. Answers are JSON rather than SSE streams: no tool sends progress, and a
 * complete answer lets the per-request server close as soon as it is out.
 */
export function mcpRoutes(ctx: SandboxContext): Hono<Env> {
  // The SDK and the tools (every operation's schemas, as JSON Schema) are made on the first /mcp request,
  // not at start-up, and shared by the requests after it. Ajv is shared too: each server would otherwise
  // build its own (only elicitation uses it), several times the cost of the rest.
  let loaded: Promise<{ sdk: Sdk; jsonSchemaValidator: AjvJsonSchemaValidator; tools: ReadonlyMap<string, OperationTool> }> | undefined;
  const sdkOnce = () =>
    (loaded ??= loadSdk().then((sdk) => ({
      sdk,
      jsonSchemaValidator: new sdk.AjvJsonSchemaValidator(),
      tools: new Map<string, OperationTool>(operationTools().map((tool) => [tool.name, tool])),
    })));
  const app = new Hono<Env>();
  app.use('*', ownOriginOnly(ctx));
  app.use('*', faultMiddleware(ctx));
  app.use('*', bearerAuth(ctx, '/mcp'));
  app.use('*', bodyLimitOf(MAX_BODY_BYTES));
  app.post('/', async (c) => {
    const principal = c.get('principal');
    const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
    const authInfo: AuthInfo = { token, clientId: principal.clientId, scopes: principal.scopes, resource: new URL(principal.resource) };
    let parsedBody: unknown;
    try {
      parsedBody = await c.req.json();
    } catch {
      return c.json({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON' }, id: null }, 400);
    }
    requireToolScopes(ctx, principal, parsedBody);
    const { sdk, jsonSchemaValidator, tools } = await sdkOnce();
    const server = toolServer(sdk, ctx, principal, tools, jsonSchemaValidator);
    const transport = new sdk.WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { authInfo, parsedBody });
    } finally {
      await server.close();
    }
  });
  // Without sessions there is no stream to open (GET) or session to end (DELETE): 405, as the SDK's stateless examples answer.
  app.all('/', (c) =>
    c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, 405, { allow: 'POST' }),
  );
  return app;
}
