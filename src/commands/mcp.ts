// wts mcp [--allow-writes] [--tools NAME,...]: the signed-in profile lent to local AI assistants, as an MCP
// server over stdio (src/mcp/).
import type { Command } from 'commander';
import { createContext, type CommandContext } from '../context.js';
import type { IO } from '../io.js';
import { collectList } from '../input/people.js';
import { verb, type CliDeps, options } from '../framework/verb.js';

interface McpFlags {
  allowWrites?: boolean;
  tools?: string[];
}

/** The tools of the bridge's own (src/mcp/composite.ts), for the help. */
const OWN_TOOLS = ['waiting_items', 'my_open_tasks', 'check_schedules'];

// No counts of the catalog's tools here: the catalog (and zod) would load with this module, for every
// `wts help` (ARCHITECTURE.md, what is loaded lazily).
function helpText(): string {
  return `An MCP server over stdio for AI assistants on this computer (Claude Desktop, Claude Code, VS Code,
Cursor): their tool calls act as your \`wts login\` of the profile, through the same token refresh
(under the lock every wts process shares), retries and limits as any wts command. No token goes into
the assistant's configuration, and the assistant runs no sign-in of its own.

Read-only by default: the tools that change something are offered only with --allow-writes
(or when named in --tools), and carry their annotations (destructiveHint, ...) so that the assistant
asks you first. A failed call answers a tool error { code, message }; when the sign-in has ended, the
message says to run \`wts login\`. stdout carries MCP messages only; --debug traces go to stderr.

Tools: ${OWN_TOOLS.join(', ')} (each many requests in one call, answered 25
items at a time with a cursor), and one per operation of the service.

Configuration (docs/mcp.md has each assistant's, and more):
  Claude Code            claude mcp add wts -- wts mcp
  Claude Desktop, Cursor { "mcpServers": { "wts": { "command": "wts", "args": ["mcp"] } } }
  VS Code (mcp.json)     { "servers": { "wts": { "type": "stdio", "command": "wts", "args": ["mcp"] } } }
`;
}

/** The process's IO with stdout kept for MCP messages: anything a command would print there goes to stderr, and no terminal is assumed. */
function quietIO(io: IO): IO {
  return Object.create(io, {
    stdout: { value: process.stderr },
    isStdoutTTY: { value: false },
    isStderrTTY: { value: false },
    isStdinTTY: { value: false },
    canPrompt: { value: false },
    colorEnabled: { value: false },
  });
}

export function registerMcp(program: Command, deps: CliDeps): void {
  const command = verb(program, deps, {
    name: 'mcp',
    description: "serve AI assistants on this computer (Claude, VS Code, Cursor) the service's tools as the signed-in user, over stdio",
    options: options<McpFlags>((c) =>
      c
        .option('--allow-writes', 'also offer the tools that change something (default: read-only)')
        .option('--tools <names>', 'offer exactly these tools (comma-separated; a write tool named here is offered)', collectList),
    ),
    examples: [
      'claude mcp add wts -- wts mcp',
      'claude mcp add wts-work -- wts --profile work mcp --allow-writes',
      'wts mcp --tools waiting_items,get_task,approve_pending_action',
    ],
    async run({ ctx, opts, command: mcp }) {
      const { allTools, selectTools, serveStdio } = await import('../mcp/server.js');
      const all = allTools();
      const tools = selectTools(all, { allowWrites: opts.allowWrites === true, ...(opts.tools !== undefined && { names: opts.tools }) });
      // Contexts of their own, on the process's streams with stdout left to the transport.
      const io = quietIO(ctx.io);
      const fresh = () => createContext(io, ctx.env, ctx.globals, ctx.now, ctx.chalk);
      let current: CommandContext = fresh();
      const retired: CommandContext[] = [];
      // The program's --version line: `wts 0.2.0 (2026-11-22) node v20…`.
      const [, version = '0'] = /^wts (\S+)/.exec(mcp.parent?.version() ?? '') ?? [];
      try {
        await serveStdio(
          tools,
          all,
          {
            ctx: () => current,
            async renew(ended) {
              if (current !== ended) return;
              current = fresh();
              // Closed at the end, not now: other calls may still be at work on it.
              retired.push(ended);
            },
            log: (line) => ctx.io.stderr.write(`${line}\n`),
          },
          { name: 'wts', title: 'Workspace Task Service (wts)', version },
        );
      } finally {
        await Promise.all([current, ...retired].map((c) => c.close()));
      }
    },
  });
  command.addHelpText('after', helpText);
}
