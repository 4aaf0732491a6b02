// /mcp: every operation of the catalog as tools of an MCP server over Streamable HTTP, generated from the
// catalog and answered by the same executeOperation as /api/v1, so both behave the same.
import { Hono, type MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { getOperation, operations, type OperationId } from '../contract/operations.js';
import { listedTool, operationTools, type OperationTool } from '../contract/tools.js';
import { isJsonObject } from '../contract/json.js';
import type { SandboxContext } from './context.js';
import type { Principal } from './model.js';
import { ServiceError } from './problem.js';
import { bearerAuth, bodyLimitOf, faultMiddleware, MAX_BODY_BYTES, resourceOf } from './guard.js';
import { executeOperation } from './api/dispatch.js';
import { stackOf } from '../errors.js';

type Env = { Bindings: HttpBindings; Variables: { principal: Principal } };

const isOperationId = (name: string): name is OperationId => Object.hasOwn(operations, name);

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
    tools: [...tools.values()].map(listedTool),
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
