// `wts mcp`: the catalog's tools (the definitions the sandbox's /mcp serves, src/contract/tools.ts) and
// the bridge's own (composite.ts), served over stdio to a local AI assistant, each call made through the
// client's HTTP layer as the signed-in profile: its token source and refresh lock, retries, limits and
// answer checks. stdout carries MCP messages only; anything else goes to stderr.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Implementation, Tool } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../type-guards.js';
import { listedTool, operationTools } from '../contract/tools.js';
import type { CommandContext } from '../context.js';
import {
  ApiError,
  CliError,
  describeFailure,
  EXIT_CODE_NAMES,
  ExitCode,
  InputError,
  NetworkError,
  PagingError,
  InvalidAnswerError,
  stackOf,
} from '../errors.js';
import { closest } from '../input/suggest.js';
import { compositeTools } from './composite.js';
import { lazy } from '../lazy.js';

/** A tool as the bridge serves it. */
export interface ServedTool {
  listed: Tool;
  /** It changes something (not readOnlyHint): offered only with --allow-writes or by name. */
  write: boolean;
  /** The tools that act on what this one answers (named in its description when offered). */
  followUps?: readonly string[];
  call(args: Record<string, unknown>, ctx: CommandContext): Promise<Record<string, unknown>>;
}

/** Every tool the bridge knows: its own first (one call instead of many), then the catalog's in its order. */
export function allTools(): ServedTool[] {
  const own = compositeTools().map(
    (tool): ServedTool => ({
      listed: listedTool(tool),
      write: false,
      ...(tool.followUps ? { followUps: tool.followUps } : {}),
      call: (args, ctx) => tool.call(args, ctx),
    }),
  );
  const catalog = operationTools().map(
    (tool): ServedTool => ({
      listed: listedTool(tool),
      write: tool.annotations.readOnlyHint !== true,
      async call(args, ctx) {
        const api = await ctx.api();
        const result = await api.callNamed(tool.name, tool.split(args));
        // Every operation answers an object (a resource, or a page of them): the client checked its shape.
        if (!isRecord(result)) throw new Error(`${tool.name} answered ${typeof result}, not an object`);
        return result;
      },
    }),
  );
  return [...own, ...catalog];
}

export interface Selection {
  /** --allow-writes: the tools that change something are offered too. */
  allowWrites: boolean;
  /** --tools: exactly these (a write tool among them is offered without --allow-writes). */
  names?: readonly string[];
}

/** The tools offered; exit 2 for a name in --tools that no tool has. */
export function selectTools(all: readonly ServedTool[], selection: Selection): ServedTool[] {
  if (selection.names === undefined) return all.filter((t) => selection.allowWrites || !t.write);
  const known = all.map((t) => t.listed.name);
  for (const name of selection.names) {
    if (known.includes(name)) continue;
    const near = closest(name, known);
    throw new CliError(
      `--tools: no tool named "${name}"${near ? ` (did you mean ${near}?)` : ''}; \`wts mcp --help\` lists them`,
      ExitCode.usage,
    );
  }
  return all.filter((t) => selection.names?.includes(t.listed.name));
}

/** Failures the client knows; anything else is a fault of wts itself, whose stack goes to stderr. */
const known = (err: unknown) =>
  [ApiError, CliError, InputError, NetworkError, PagingError, InvalidAnswerError].some((kind) => err instanceof kind);

/**
 * A failure as a tool error: { code, message } with the service's problem (status, detail, …) when it
 * gave one. `message` is the line `wts` prints for it, so a sign-in that ended says to run `wts login`.
 */
async function toolError(err: unknown): Promise<{ result: CallToolResult; exitCode: number }> {
  const { message, exitCode } = await describeFailure(err);
  const problem = err instanceof ApiError ? { ...err.problem, status: err.status, code: err.code, detail: err.detail } : {};
  const body = { code: EXIT_CODE_NAMES[exitCode] ?? 'failed', ...problem, message };
  return { result: { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] }, exitCode };
}

function refusedTool(name: string, write: boolean): CallToolResult {
  const why = write
    ? `${name} changes something, and this server is read-only: start \`wts mcp\` with --allow-writes (or name ${name} in --tools)`
    : `${name} is not among the tools this server was started with (--tools)`;
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ code: 'tool_not_offered', message: why }) }] };
}

/** A list of names as prose: "a", "a and b", "a, b and c" (`last` the word before the last). */
function spoken(names: readonly string[], last: string): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${last} ${names.at(-1)}`;
}

/** The server's instructions, naming only tools it offers. */
export function instructionsFor(offered: ReadonlySet<string>): string {
  const starts = [
    ['waiting_items', 'waiting_items (what waits for a decision)'],
    ['my_open_tasks', 'my_open_tasks'],
    ['check_schedules', 'check_schedules'],
  ]
    .filter(([name = '']) => offered.has(name))
    .map(([, words = '']) => words);
  return (
    'Tools act as the user signed in to `wts` (the Workspace Task Service CLI), within the scopes and workspaces that sign-in was granted. ' +
    (starts.length > 0 ? `Start with ${spoken(starts, 'and')}; identifiers` : 'Identifiers') +
    ' come from list and search tools. ' +
    'A failed call has isError, and its text is a JSON object { code, message } with the status and detail the service gave when it refused; ' +
    'a message that says to run `wts login` means the person must sign in again in a terminal.'
  );
}

/** A tool as listed: its description names the follow-up tools this server offers, and no other. */
export function listedFor(tool: ServedTool, offered: ReadonlySet<string>): Tool {
  if (!tool.followUps) return tool.listed;
  const named = tool.followUps.filter((name) => offered.has(name));
  const next =
    named.length > 0
      ? ` Act on them with ${spoken(named, 'or')}.`
      : ' Acting on them takes tools this server does not offer (start `wts mcp` with --allow-writes).';
  return { ...tool.listed, description: `${tool.listed.description ?? ''}${next}` };
}

/**
 * One call as the current context. A call refused for the sign-in is tried once more on a fresh context,
 * which reads the store again: a token another wts process got meanwhile, or a new `wts login`, is used
 * then (a long-lived lifecycle takes a 401 right after its own renewal as final). Nothing refused for
 * the sign-in was done, so it is safe to repeat; the repeat sends nothing when the store holds no sign-in.
 */
async function callTool(tool: ServedTool, args: Record<string, unknown>, session: Served): Promise<CallToolResult> {
  for (let attempt = 0; ; attempt++) {
    const ctx = session.ctx();
    try {
      const result = await tool.call(args, ctx);
      // structuredContent for clients that read the outputSchema; the same JSON as text for those that do not.
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      if (!known(err)) session.log(`wts mcp: internal error in ${tool.listed.name}: ${stackOf(err)}`);
      const { result, exitCode } = await toolError(err);
      if (exitCode !== ExitCode.signIn) return result;
      await session.renew(ctx);
      if (attempt > 0) return result;
    }
  }
}

export interface Served {
  ctx: () => CommandContext;
  /** A context whose sign-in ended is replaced, so that a `wts login` meanwhile is used by the next call. */
  renew: (ended: CommandContext) => Promise<void>;
  log: (line: string) => void;
}

/** Serves `tools` over stdin and stdout until the client closes stdin; resolves once the last answer is out. */
export async function serveStdio(
  tools: readonly ServedTool[],
  all: readonly ServedTool[],
  session: Served,
  info: Implementation,
): Promise<void> {
  const [{ Server }, { StdioServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode }] = await Promise.all([
    lazy['@modelcontextprotocol/sdk/server/index.js'](),
    lazy['@modelcontextprotocol/sdk/server/stdio.js'](),
    lazy['@modelcontextprotocol/sdk/types.js'](),
  ]);
  const offered = new Map(tools.map((t) => [t.listed.name, t]));
  const names = new Set(offered.keys());
  const server = new Server(info, { capabilities: { tools: {} }, instructions: instructionsFor(names) });
  const listed = tools.map((t) => listedFor(t, names));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name, arguments: args = {} } = request.params;
    const tool = offered.get(name);
    if (!tool) {
      const other = all.find((t) => t.listed.name === name);
      if (other) return refusedTool(name, other.write);
      throw new McpError(ErrorCode.InvalidParams, `no tool named ${name}`);
    }
    return callTool(tool, args, session);
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  const transport = new StdioServerTransport();
  transport.onerror = (err) => session.log(`wts mcp: ${err.message}`);
  await server.connect(transport);
  const unanswered = answeredWatch(transport);
  // The client ends the session by closing stdin: every request read is answered, then the server closes.
  const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve).once('close', resolve));
  await Promise.race([ended, closed]);
  await unanswered.none();
  await server.close();
}

/** Counts the requests read and not yet answered on `transport` (wrapping what the server set on it). */
function answeredWatch(transport: Transport): { none(): Promise<void> } {
  const open = new Set<string | number>();
  let wake = () => {};
  const { onmessage } = transport;
  const send = transport.send.bind(transport);
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) open.add(message.id);
    onmessage?.(message, extra);
  };
  transport.send = async (message, options) => {
    await send(message, options);
    if (!('method' in message) && 'id' in message && message.id !== undefined) open.delete(message.id);
    wake();
  };
  return {
    async none() {
      while (open.size > 0) await new Promise<void>((resolve) => (wake = resolve));
    },
  };
}
