// wts help [COMMAND...] | help environment. Replaces commander's implicit help command, so that
// `help environment` can list what the CLI reads from the environment.
import type { Command } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { wrapText } from '../output/format.js';
import { examples, verb, type CliDeps } from '../framework/verb.js';

export interface EnvironmentVariable {
  name: string;
  description: string;
}

/** Every environment variable the CLI reads; whoever reads a new one adds it here. */
export const ENVIRONMENT_VARIABLES: EnvironmentVariable[] = [
  { name: 'WTS_ORIGIN', description: "the service origin when --origin is not given (else the profile's, remembered by `wts login`)" },
  { name: 'WTS_PROFILE', description: 'the profile to use when --profile is not given (else the configured default, else "default")' },
  {
    name: 'WTS_CONFIG_DIR',
    description:
      'where the configuration lives (default: ~/.config/wts on Linux, or $XDG_CONFIG_HOME/wts; ~/Library/Preferences/wts on macOS; %APPDATA%\\wts\\Config on Windows)',
  },
  {
    name: 'WTS_CACHE_DIR',
    description:
      "where bin/wts keeps its compiled-code caches, one per command, 64 at most, and `wts doctor` the service's OpenAPI document and the names learned from it (default: ~/.cache/wts on Linux, or $XDG_CACHE_HOME/wts; ~/Library/Caches/wts on macOS; %LOCALAPPDATA%\\wts\\Cache on Windows)",
  },
  {
    name: 'WTS_WIRE_NAMES',
    description: "a names file: the service's names where they are not wts's (before `wts config get wire-names`; docs/wire-names.md)",
  },
  { name: 'WTS_TOKEN', description: 'an access token used as is: never refreshed or stored' },
  {
    name: 'WTS_CREDENTIALS_FILE',
    description:
      'keep credentials in this file instead of the keychain; rotated tokens are written back atomically (servers, CI); a `wts login` with it set signs in for this file alone, leaving the profile as it was',
  },
  { name: 'WTS_CREDENTIAL_STORE', description: 'where `wts login` keeps tokens: keychain or file' },
  { name: 'WTS_WORKSPACE', description: 'the workspace of commands that take WS when none is given (before `wts config get workspace`)' },
  { name: 'BROWSER', description: 'the browser `wts login` opens for sign-in (before `wts config get browser`)' },
  {
    name: 'WTS_ACCESSIBLE',
    description:
      'accessible mode when 1 (before `wts config get accessible`), 0 turns it off: plain numbered questions, progress as occasional lines, no full screen (as --accessible)',
  },
  { name: 'WTS_PAGER', description: 'the pager for long output on a terminal, before PAGER; empty or cat: none (as --no-pager)' },
  {
    name: 'PAGER',
    description: 'the pager for long output on a terminal (before `wts config get pager`; default less -FRX); empty or cat: none',
  },
  {
    name: 'WTS_CLIENT_SECRET',
    description: 'the secret of a client registered beforehand, for `wts login --client-id ID` (kept in the credential store)',
  },
  { name: 'WTS_LOGIN_TIMEOUT_MS', description: 'how long `wts login` waits for the browser, in milliseconds (default 300000: 5 minutes)' },
  {
    name: 'WTS_KEYCHAIN_TIMEOUT_MS',
    description:
      'how long each OS keychain call may take, in milliseconds (default 10000; on macOS 300000, as a call waits while the Keychain asks to allow wts, except over SSH)',
  },
  {
    name: 'WTS_LOCK_STALE_MS',
    description:
      'a refresh lock left by another host is taken over once older than this, in milliseconds (default 60000); one on this host only when its process is gone (at once), never while it runs',
  },
  {
    name: 'WTS_LOCK_WAIT_MS',
    description:
      'how long to wait for another wts process refreshing the same sign-in before giving up with exit 1, in milliseconds (default: the stale time + 30000)',
  },
  {
    name: 'WTS_RATE_LIMIT_WAIT_MS',
    description:
      'how long, in all, a request refused with 429 (too many requests) is retried, waiting as Retry-After says, before giving up with exit 7, in milliseconds (default 60000)',
  },
  {
    name: 'WTS_REQUEST_TIMEOUT_MS',
    description:
      'the deadline of each request to the service as a whole (DNS, connecting, the proxy, TLS, the headers and the whole answer), in milliseconds (default 30000); a read that reaches it is tried again, a change is not (unless it never connected)',
  },
  {
    name: 'WTS_MAX_ANSWER_MB',
    description:
      'the largest answer from the service that wts reads, in megabytes (default 64); a larger one is refused, not asked for again',
  },
  {
    name: 'HTTPS_PROXY',
    description:
      'the proxy for https requests, as http://[user:pass@]host:port (https_proxy first, as curl; then ALL_PROXY); loopback is never proxied (see docs/networks.md)',
  },
  { name: 'HTTP_PROXY', description: 'the proxy for plain-http requests (http_proxy first; then ALL_PROXY)' },
  { name: 'ALL_PROXY', description: 'the proxy for any request that HTTPS_PROXY or HTTP_PROXY does not cover (all_proxy first)' },
  {
    name: 'NO_PROXY',
    description:
      'hosts reached without the proxy: comma-separated names (each with every name under it), addresses, :PORT, or * (no_proxy first)',
  },
  {
    name: 'WTS_CA_FILE',
    description:
      'a PEM file of certificate authorities to trust besides the system store (a company CA that inspects TLS); read only after a certificate was refused',
  },
  {
    name: 'SSL_CERT_FILE',
    description: 'the system certificate bundle, as OpenSSL reads it (else the platform file; SSL_CERT_DIR: a directory of them)',
  },
  {
    name: 'NODE_EXTRA_CA_CERTS',
    description: 'a PEM file of extra certificate authorities Node trusts at start (costs every run: prefer WTS_CA_FILE)',
  },
  { name: 'VISUAL', description: 'the editor for editing commands on a terminal (before EDITOR)' },
  {
    name: 'EDITOR',
    description:
      'the editor for editing commands on a terminal, when VISUAL is not set (then `wts config get editor`, then notepad on Windows)',
  },
  { name: 'NO_COLOR', description: 'no colors when set and not empty (as --no-color)' },
  { name: 'FORCE_COLOR', description: 'colors even when not on a terminal; 0 or false: never' },
  { name: 'TERM', description: 'dumb: no colors' },
  { name: 'TZ', description: 'the local time zone that times are shown in, and `schedule explain` uses without --tz' },
];

/** The command a path of names or aliases leads to ("task list"), or undefined. */
function findCommand(root: Command, names: string[]): Command | undefined {
  let at: Command | undefined = root;
  for (const name of names) at = at?.commands.find((c) => c.name() === name || c.aliases().includes(name));
  return at;
}

export function registerHelp(program: Command, deps: CliDeps): void {
  const group = program
    .command('help')
    .description('show help for a command, or `wts help environment`')
    .argument('[COMMAND...]', 'the command, e.g. task list')
    .action((names: string[]) => {
      const command = findCommand(program, names);
      if (!command) throw new CliError(`unknown command "${names.join(' ')}"; run \`wts --help\` for the list`, ExitCode.usage);
      command.outputHelp();
    });
  examples(group, ['wts help task list', 'wts help environment']);

  verb(group, deps, {
    name: 'environment',
    pages: true,
    description: 'list the environment variables wts reads',
    examples: ['wts help environment', 'wts help environment --json'],
    async run({ ctx }) {
      if (!ctx.json && ctx.io.isStdoutTTY) {
        // Read like help text: whole descriptions, not a table cut to the terminal's width.
        // Each description wraps beside its name (under it when the terminal is too narrow for both).
        const width = Math.max(...ENVIRONMENT_VARIABLES.map((v) => v.name.length));
        const room = ctx.io.columns - (width + 4);
        const lines = ENVIRONMENT_VARIABLES.map((v) =>
          room >= 30
            ? `  ${ctx.chalk.bold(v.name.padEnd(width))}  ${wrapText(v.description, room).replaceAll('\n', `\n${' '.repeat(width + 4)}`)}`
            : `  ${ctx.chalk.bold(v.name)}\n${wrapText(v.description, ctx.io.columns - 4).replace(/^/gm, '    ')}`,
        );
        ctx.io.stdout.write(`Environment variables wts reads:\n\n${lines.join('\n')}\n`);
        return;
      }
      const columns: Column<EnvironmentVariable>[] = [
        { header: 'Variable', value: (v) => v.name },
        { header: 'Meaning', value: (v) => v.description, flex: true, role: 'title' },
      ];
      await printItems(ctx, ENVIRONMENT_VARIABLES, columns);
    },
  });
}
