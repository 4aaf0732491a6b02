// The timings of sign-in, each with a default and an environment variable to change it (tests shorten
// them; a slow keychain or a slow network may need them longer).
import { CliError, ExitCode } from '../errors.js';
import type { Env } from '../io.js';

export interface AuthTimings {
  /** How long `wts login` waits for the browser (WTS_LOGIN_TIMEOUT_MS, default 5 minutes). */
  loginTimeoutMs: number;
  /** Each OS keychain call (WTS_KEYCHAIN_TIMEOUT_MS, default 10 s). */
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

export function authTimings(env: Env): AuthTimings {
  const lockStaleMs = milliseconds(env, 'WTS_LOCK_STALE_MS', 60_000);
  return {
    loginTimeoutMs: milliseconds(env, 'WTS_LOGIN_TIMEOUT_MS', 5 * 60_000),
    keychainTimeoutMs: milliseconds(env, 'WTS_KEYCHAIN_TIMEOUT_MS', 10_000),
    lockStaleMs,
    lockWaitMs: milliseconds(env, 'WTS_LOCK_WAIT_MS', lockStaleMs + 30_000),
    oauthTimeoutSeconds: 30,
  };
}
