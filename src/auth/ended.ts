// What is kept of a sign-in the service ended (its refresh token refused): who was signed in, to where,
// when and why, so `wts auth status` can still say so once the credentials are gone.
import { readFileSync, rmSync } from 'node:fs';
import * as z from 'zod';
import { writeFileAtomic } from '../atomic-file.js';
import { CliError, ExitCode } from '../errors.js';
import { localAndRelative } from '../output/format.js';
import { checkStored } from '../stored-file.js';
import type { SignedInUser } from './credentials.js';

export interface EndedSignIn {
  origin: string;
  user: SignedInUser | null;
  endedAt: string;
  why: string;
}

/** Beside the connection's lock file, as the refresh intent record is. */
export function endedSignInPath(lockPath: string): string {
  return `${lockPath.replace(/\.lock$/, '')}.ended`;
}

export function recordEndedSignIn(lockPath: string, ended: EndedSignIn): void {
  try {
    writeFileAtomic(endedSignInPath(lockPath), `${JSON.stringify(ended)}\n`);
  } catch {
    // Only what `auth status` says afterwards: the sign-in ends either way.
  }
}

export function forgetEndedSignIn(lockPath: string): void {
  rmSync(endedSignInPath(lockPath), { force: true });
}

/** The record as read back: who is kept only when all of it can be read. */
const endedSchema = () =>
  z.object({
    origin: z.string(),
    endedAt: z.string(),
    why: z.string(),
    user: z.object({ id: z.string(), name: z.string(), login: z.string() }).nullable().catch(null),
  });

/** The record for `origin`, if one was kept and can be read (a damaged one only loses what `auth status` adds). */
export function endedSignIn(lockPath: string, origin: string): EndedSignIn | undefined {
  let text: string;
  try {
    text = readFileSync(endedSignInPath(lockPath), 'utf8');
  } catch {
    return undefined;
  }
  const checked = checkStored(text, endedSchema());
  return 'value' in checked && checked.value.origin === origin ? checked.value : undefined;
}

/**
 * What every command says once the service ended a sign-in, until the next `wts login`: who was signed
 * in, with which profile, to where, until when, and why.
 */
export function endedSignInError(profile: string, ended: EndedSignIn, nowMs: number): CliError {
  const who = ended.user ? `${ended.user.name} (${ended.user.login})` : 'someone (the service did not say who)';
  return new CliError(
    `not signed in: ${who} was signed in to profile ${profile} at ${ended.origin} until ${localAndRelative(ended.endedAt, nowMs)}, when the service refused the refresh token (${ended.why}: it expired or was revoked) — run \`wts login\``,
    ExitCode.signIn,
  );
}
