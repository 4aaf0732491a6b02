// The record that a refresh token is being presented. The service rotates the refresh token on every
// refresh and revokes the connection when a superseded one comes back, so a refresh whose answer was
// lost (the process killed, the machine off, the network gone after the request left) must never be
// repeated with the same token: only the service knows whether it rotated it.
//
// So, under the connection's lock, just before the request leaves, the process writes (and syncs to
// disk) a record beside the lock: who, when, and a SHA-256 of the refresh token (never the token). Once
// the new tokens are stored, or the service has answered without rotating, the record is removed. A
// process that finds a record for the refresh token it holds does not present it, and says why — except
// once after an answer that was lost (see mayPresentOnceMore). A record for another token (left by a
// process that died after storing new tokens) means nothing and is replaced.
import { createHash } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import * as z from 'zod';
import { writeFileAtomic } from '../atomic-file.js';
import { CliError, errnoOf, ExitCode } from '../errors.js';
import { checkStored } from '../stored-file.js';
import { clockTime } from './lock.js';

export interface RefreshIntent {
  version: 1;
  pid: number;
  host: string;
  /** Milliseconds since the epoch. */
  startedAt: number;
  /** Hex SHA-256 of the refresh token being presented. */
  refreshTokenSha256: string;
  /**
   * What the process that made the request learnt before it ended; absent when it died with the request
   * in flight. `lost`: the request may have left but no answer came (a connection closed, a timeout).
   * `unreadable`: the service answered 200, so it issued new tokens and replaced the refresh token, but
   * the answer could not be read.
   */
  outcome?: 'lost' | 'unreadable';
  /** What was answered, or why nothing was (for the message). */
  what?: string;
  /** This request presented the token once more after an answer lost at this time (ms since the epoch). */
  retryOf?: number;
}

/** Beside the connection's lock: `….lock` → `….refreshing`. */
export function refreshIntentPath(lockPath: string): string {
  return `${lockPath.replace(/\.lock$/, '')}.refreshing`;
}

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The record as read back; `version` is not required of it (the first records had none). */
const intentSchema = () =>
  z.looseObject({
    pid: z.number(),
    host: z.string(),
    startedAt: z.number(),
    refreshTokenSha256: z.string(),
    outcome: z.enum(['lost', 'unreadable']).optional(),
    what: z.string().optional(),
    retryOf: z.number().optional(),
  });

/**
 * The record at `path`; undefined when there is none. A damaged one (cut short by a crash while it was
 * written, or edited) cannot say which token it was about: it is read as about every token, the safe
 * reading (the request may have left), and `pid` 0 says it is damaged.
 */
export function readRefreshIntent(path: string): RefreshIntent | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return undefined;
    return DAMAGED;
  }
  const checked = checkStored(text, intentSchema());
  return 'value' in checked ? { ...checked.value, version: 1 } : DAMAGED;
}

const DAMAGED: RefreshIntent = { version: 1, pid: 0, host: '', startedAt: 0, refreshTokenSha256: '*' };

/** The record about this refresh token, if a refresh of it was interrupted. */
export function interruptedRefresh(path: string, refreshToken: string | undefined): RefreshIntent | undefined {
  if (!refreshToken) return undefined;
  const intent = readRefreshIntent(path);
  if (!intent) return undefined;
  return intent.refreshTokenSha256 === '*' || intent.refreshTokenSha256 === sha256(refreshToken) ? intent : undefined;
}

/** Written and synced to disk before the refresh request leaves (`retryOf`: the one more try after a lost answer). */
export function recordRefreshIntent(path: string, refreshToken: string, nowMs: number, retryOf?: number): RefreshIntent {
  const intent: RefreshIntent = {
    version: 1,
    pid: process.pid,
    host: hostname(),
    startedAt: nowMs,
    refreshTokenSha256: sha256(refreshToken),
    ...(retryOf !== undefined && { retryOf }),
  };
  writeFileAtomic(path, `${JSON.stringify(intent)}\n`, 0o600);
  return intent;
}

/** The record again, with what became of the request (the record stays: the token is not presented as it was). */
export function recordRefreshOutcome(path: string, intent: RefreshIntent, outcome: 'lost' | 'unreadable', what: string): RefreshIntent {
  const next: RefreshIntent = { ...intent, outcome, what };
  writeFileAtomic(path, `${JSON.stringify(next)}\n`, 0o600);
  return next;
}

/**
 * Whether the refresh token of this record may be presented once more: its answer was lost (the
 * process saw no answer at all), and it was not itself the one more try. Presenting it again can only
 * succeed (the service never saw it, or grants a reuse grace period) or be refused with invalid_grant
 * (it had rotated, and the connection was lost with the answer already); without the new tokens the
 * client holds nothing that a revocation could take.
 */
export function mayPresentOnceMore(intent: RefreshIntent): boolean {
  return intent.outcome === 'lost' && intent.retryOf === undefined;
}

/** Removed once the outcome is known and kept. */
export function clearRefreshIntent(path: string): void {
  try {
    unlinkSync(path);
  } catch (err) {
    if (errnoOf(err) !== 'ENOENT') throw err;
  }
}

function localDateTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${d.toTimeString().slice(0, 8)}`;
}

/** What the user is told (exit 4), by the refresh that declines and by `wts auth status`. */
export function interruptedRefreshError(intent: RefreshIntent): CliError {
  if (intent.outcome === 'unreadable') return rotatedUnreadableError(intent.startedAt, intent.what ?? 'unreadable');
  if (intent.outcome === 'lost' && intent.retryOf !== undefined)
    return new CliError(
      `the answers to the refresh at ${clockTime(intent.retryOf)} and to its one retry at ${clockTime(intent.startedAt)} were lost (${intent.what ?? 'no answer'}); the service may have rotated the refresh token, and presenting the old one again would revoke the connection — run \`wts login\` to sign in again`,
      ExitCode.signIn,
    );
  const who =
    intent.pid === 0
      ? 'an earlier refresh of this sign-in (its record is damaged)'
      : `a refresh of this sign-in by wts process ${intent.pid}${intent.host === hostname() ? '' : ` on ${intent.host}`} at ${localDateTime(intent.startedAt)}`;
  return new CliError(
    `${who} was interrupted before its answer was saved, and may have reached the service; the service may have rotated the refresh token, and presenting the old one again would revoke the connection — run \`wts login\` to sign in again`,
    ExitCode.signIn,
  );
}

/** The service answered a refresh with 200 (new tokens, the refresh token replaced) that could not be read. */
export function rotatedUnreadableError(startedAt: number, what: string): CliError {
  return new CliError(
    `the service answered the refresh at ${clockTime(startedAt)} with new tokens, but the answer could not be read (${what}); it had already replaced the refresh token, so this sign-in is lost — run \`wts login\``,
    ExitCode.signIn,
  );
}

/** The one more try after a lost answer was refused with invalid_grant: the first request had rotated the token. */
export function lostThenRotatedError(lostAt: number): CliError {
  return new CliError(
    `the answer to the refresh at ${clockTime(lostAt)} was lost and the service had already replaced the refresh token — run \`wts login\``,
    ExitCode.signIn,
  );
}
