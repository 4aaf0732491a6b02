// One injected context for every command: IO, environment, configuration, clock, and the API client.
import type { ChalkInstance } from 'chalk';
import type { ApiClient } from './api/client.js';
import { forgetIds, MAX_PER_KIND, rememberIds, type IdKind, type RememberedId } from './completion/ids.js';
import { originInCredentialsFile } from './auth/file-origin.js';
import { cacheDir, ConfigStore, DEFAULT_PROFILE, configDir, type SettingKey } from './config.js';
import { refusePath } from './auth/origin.js';
import { CliError, ExitCode } from './errors.js';
import { type Env, type IO, notice } from './io.js';
import type { OutputTarget } from './output/print.js';
import { terminalLine } from './output/sanitize.js';

export interface GlobalOptions {
  profile?: string;
  origin?: string;
  json: boolean;
  /** --jq: the JSON output goes through this jq expression (json is then true). */
  jq?: string;
  color: boolean; // false with --no-color
  debug: boolean;
  /** false with --no-pager */
  pager?: boolean;
  /** --accessible */
  accessible?: boolean;
  /** --verbose: hints on stderr also when standard output is not a terminal. */
  verbose?: boolean;
  /** --quiet: no hints on stderr at all (errors still). */
  quiet?: boolean;
}

export interface CommandContext extends OutputTarget {
  io: IO;
  env: Env;
  globals: GlobalOptions;
  config: ConfigStore;
  chalk: ChalkInstance;
  json: boolean;
  /** Milliseconds since the epoch; injectable for tests. */
  now(): number;
  /** The profile in use: --profile, WTS_PROFILE, the configured default, or "default". */
  profileName(): string;
  /** A `wts config` value of the profile in use (not its default), or undefined. */
  setting(key: SettingKey): string | undefined;
  /**
   * Accessible mode (docs/accessibility.md): --accessible, else WTS_ACCESSIBLE, else the profile's
   * `accessible` setting. Questions are plain numbered lines, progress occasional lines, no full screen.
   */
  accessible(): boolean;
  /** The default workspace: WTS_WORKSPACE, else the profile's `workspace` setting. */
  defaultWorkspace(): string | undefined;
  /** The service origin: --origin, WTS_ORIGIN, or the profile's; exit 4 when there is none. */
  origin(): string;
  /** The API client, built on first use (so commands that need none load no HTTP code). */
  api(): Promise<ApiClient>;
  /**
   * Where notices go (`notice()` below: a retry said while someone watches, a wait for another process's
   * refresh): unset, a line on stderr when it is a terminal; a full-screen command (`wts dash`) takes them into its own
   * status line, since a line written on top of its screen would garble it.
   */
  notices?: (line: string) => void;
  /** A line of --debug trace on stderr; never pass a secret. */
  debug(line: string): void;
  /**
   * A hint for a person ("Showing 2 of 50 tasks; more with …"), on stderr: when standard output is a
   * terminal, or with --verbose; never with --quiet. So a piped command that succeeds writes nothing
   * to stderr (cron mails whatever it finds there).
   */
  hint(line: string): void;
  /** Notes an id the user was shown, for shell completion of ids (kept when the context closes). */
  remember(kind: IdKind, id: string, label?: string): void;
  /** Notes an id the command made go away (decided, deleted): no longer completed once the context closes. */
  forget(kind: IdKind, id: string): void;
  /** Closes what the context opened (kept-alive connections), keeps the ids shown and drops those gone. */
  close(): Promise<void>;
}

/**
 * What chalk at level 0 does, without loading it: every style, alone or chained, returns its arguments
 * joined by spaces. chalk loads node:tty and node:os to guess at color support, a cost each piped or
 * NO_COLOR run would pay for nothing. test/unit/context.test.ts compares it with chalk.
 */
export const PLAIN_CHALK: ChalkInstance = new Proxy((...text: unknown[]) => text.join(' '), {
  // Not a thenable (`then`), nor anything else a symbol asks for: only chalk's style names.
  get: (_, key) => (key === 'level' ? 0 : key === 'then' || typeof key === 'symbol' ? undefined : PLAIN_CHALK),
}) as unknown as ChalkInstance;

/** chalk with colors when the output has them (loaded then only), else PLAIN_CHALK. */
export async function chalkFor(io: IO): Promise<ChalkInstance> {
  if (!io.colorEnabled) return PLAIN_CHALK;
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 });
}

/** WTS_ACCESSIBLE as a yes or no, undefined when it is not set (or empty); exit 2 when it is neither. */
function accessibleFromEnv(env: Env): boolean | undefined {
  const raw = env.WTS_ACCESSIBLE?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new CliError(`WTS_ACCESSIBLE must be 1 or 0 (true or false), not ${JSON.stringify(env.WTS_ACCESSIBLE)}`, ExitCode.usage);
}

/** A size in bytes from the environment variable `name`, given there in whole megabytes, else `fallback`; exit 2 when not one. */
function megabytes(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw.trim()) === 0)
    throw new CliError(`${name} must be a whole number of megabytes above 0, not ${JSON.stringify(raw)}`, ExitCode.usage);
  return Number(raw.trim()) * 1024 * 1024;
}

export function createContext(
  io: IO,
  env: Env,
  globals: GlobalOptions,
  now: () => number = Date.now,
  chalk: ChalkInstance = PLAIN_CHALK,
): CommandContext {
  const config = new ConfigStore(configDir(env));
  let client: Promise<ApiClient> | undefined;
  let accessible: boolean | undefined;
  const shownIds: RememberedId[] = [];
  const shownPerKind = new Map<IdKind, number>();
  const goneIds = new Map<IdKind, Set<string>>();
  const ctx: CommandContext = {
    io,
    env,
    globals,
    config,
    chalk,
    json: globals.json,
    now,
    profileName() {
      return globals.profile ?? env.WTS_PROFILE ?? config.read().defaultProfile ?? DEFAULT_PROFILE;
    },
    setting(key) {
      return config.setting(ctx.profileName(), key);
    },
    accessible() {
      // Read once: the flag, then the environment (WTS_ACCESSIBLE=0 turns a configured true off), then the setting.
      accessible ??= globals.accessible === true || (accessibleFromEnv(env) ?? ctx.setting('accessible') === 'true');
      return accessible;
    },
    defaultWorkspace() {
      return env.WTS_WORKSPACE || ctx.setting('workspace') || undefined;
    },
    origin() {
      // A file named by WTS_CREDENTIALS_FILE is a sign-in of its own (`wts login` leaves the profile as it was).
      const fromFile = env.WTS_CREDENTIALS_FILE ? originInCredentialsFile(env.WTS_CREDENTIALS_FILE, ctx.profileName()) : undefined;
      const origin = globals.origin ?? env.WTS_ORIGIN ?? fromFile ?? config.profile(ctx.profileName())?.origin;
      if (!origin) throw new CliError('no service origin: run `wts login --origin URL`, or set WTS_ORIGIN', ExitCode.signIn);
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        // said by the command that uses it (login's checkedOrigin, or the first request)
      }
      if (url) refusePath(url);
      return origin.replace(/\/+$/, '');
    },
    api() {
      client ??= (async () => {
        const { tokenSourceFor } = await import('./auth/token-source.js');
        // The credentials first: a keychain read (@napi-rs/keyring, on its own threads) goes on while
        // the HTTP client loads. One turn of the event loop lets it begin. Handled here too: it may fail
        // before it is awaited.
        const tokens = tokenSourceFor(ctx);
        tokens.catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        const [{ ApiClient, DEFAULT_MAX_ANSWER_BYTES }, { milliseconds }, { Wire, wireNamesFor }] = await Promise.all([
          import('./api/client.js'),
          import('./auth/settings.js'),
          import('./api/wire.js'),
        ]);
        const origin = ctx.origin();
        // The service's names (a names file over what `wts doctor` learned): one small file read at most.
        const wireFile = env.WTS_WIRE_NAMES || ctx.setting('wire-names');
        const wire = Wire.of(
          wireNamesFor({
            file: wireFile || undefined,
            fileFrom: env.WTS_WIRE_NAMES ? 'WTS_WIRE_NAMES' : 'wire-names',
            cacheDir: cacheDir(env),
            origin,
          }),
        );
        return new ApiClient({
          origin,
          ...(wire && { wire }),
          rateLimitBudgetMs: milliseconds(env, 'WTS_RATE_LIMIT_WAIT_MS', 60_000),
          timeoutMs: milliseconds(env, 'WTS_REQUEST_TIMEOUT_MS', 30_000),
          maxAnswerBytes: megabytes(env, 'WTS_MAX_ANSWER_MB', DEFAULT_MAX_ANSWER_BYTES),
          notice: (line) => notice(ctx, line),
          tokens: await tokens,
          debug: globals.debug ? (line) => ctx.debug(line) : undefined,
        });
      })();
      return client;
    },
    debug(line) {
      // Trace lines quote the service's answers: sanitized, one line each.
      if (globals.debug) io.stderr.write(`${ctx.chalk.dim(terminalLine(line))}\n`);
    },
    hint(line) {
      if (globals.quiet || !(io.isStdoutTTY || globals.verbose)) return;
      io.stderr.write(`${io.isStderrTTY ? ctx.chalk.dim(line) : line}\n`);
    },
    remember(kind, id, label = '') {
      // Only the first MAX_PER_KIND of a kind are kept, so `--all` over any number of items stays flat.
      const n = shownPerKind.get(kind) ?? 0;
      if (n >= MAX_PER_KIND) return;
      shownPerKind.set(kind, n + 1);
      shownIds.push({ kind, id, label });
    },
    forget(kind, id) {
      const gone = goneIds.get(kind) ?? new Set<string>();
      goneIds.set(kind, gone.add(id));
    },
    async close() {
      // An id shown and then made to go away by the same command (`schedule apply --prune`) is not kept.
      const shown = shownIds.splice(0).filter((e) => !goneIds.get(e.kind)?.has(e.id));
      if (shown.length > 0) rememberIds(config.dir, shown);
      for (const [kind, ids] of goneIds) forgetIds(config.dir, kind, [...ids]);
      goneIds.clear();
      if (client) await (await client.catch(() => undefined))?.close();
    },
  };
  return ctx;
}
