// The timings of sign-in, each with a default and an environment variable to change it (tests shorten
// them; a slow keychain or a slow network may need them longer).
import { CliError, ExitCode } from '../errors.js';
import type { Env } from '../io.js';

export interface AuthTimings {
  /** How long `wts login` waits for the browser (WTS_LOGIN_TIMEOUT_MS, default 5 minutes). */
  loginTimeoutMs: number;
  /**
   * Each OS keychain call (WTS_KEYCHAIN_TIMEOUT_MS): 10 s, or on macOS 5 minutes, because the call waits
   * while the Keychain shows its dialog (allow wts/node to use the entry) — except over SSH, where no
   * dialog can be answered.
   */
  keychainTimeoutMs: number;
  /** A refresh lock older than this is taken over (WTS_LOCK_STALE_MS, default 60 s). */
  lockStaleMs: number;
  /** How long to wait for a live holder of the refresh lock (WTS_LOCK_WAIT_MS, default stale + 30 s). */
  lockWaitMs: number;
  /** Each request to the authorization server, in seconds (30). */
  oauthTimeoutSeconds: number;
}

/** A whole number of milliseconds from the environment variable `name`, else `fallback`; exit 2 when not one. */
export function milliseconds(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new CliError(`${name} must be a whole number of milliseconds, not ${JSON.stringify(raw)}`, ExitCode.usage);
  return Number(raw.trim());
}

/** How long a keychain call may take by default on `platform` (see AuthTimings.keychainTimeoutMs). */
export function defaultKeychainTimeoutMs(platform: string, ssh: boolean): number {
  return platform === 'darwin' && !ssh ? 5 * 60_000 : 10_000;
}

/** Whether this is a session over SSH, where a macOS Keychain dialog cannot be seen or answered. */
export function overSsh(env: Env): boolean {
  return Boolean(env.SSH_CONNECTION || env.SSH_TTY || env.SSH_CLIENT);
}

export function authTimings(env: Env, platform: string = process.platform): AuthTimings {
  const lockStaleMs = milliseconds(env, 'WTS_LOCK_STALE_MS', 60_000);
  return {
    loginTimeoutMs: milliseconds(env, 'WTS_LOGIN_TIMEOUT_MS', 5 * 60_000),
    keychainTimeoutMs: milliseconds(env, 'WTS_KEYCHAIN_TIMEOUT_MS', defaultKeychainTimeoutMs(platform, overSsh(env))),
    lockStaleMs,
    lockWaitMs: milliseconds(env, 'WTS_LOCK_WAIT_MS', lockStaleMs + 30_000),
    oauthTimeoutSeconds: 30,
  };
}
