// What is kept of a sign-in the service ended (its refresh token refused): who was signed in, to where,
// when and why, so `wts auth status` can still say so once the credentials are gone.
import { readFileSync, rmSync } from 'node:fs';
import { writeFileAtomic } from '../atomic-file.js';
import { isRecord } from '../narrow.js';
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

/** The record for `origin`, if one was kept and can be read. */
export function endedSignIn(lockPath: string, origin: string): EndedSignIn | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(endedSignInPath(lockPath), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.origin !== origin || typeof parsed.endedAt !== 'string' || typeof parsed.why !== 'string')
    return undefined;
  const { user } = parsed;
  const known =
    isRecord(user) && typeof user.id === 'string' && typeof user.name === 'string' && typeof user.login === 'string'
      ? { id: user.id, name: user.name, login: user.login }
      : null;
  return { origin, user: known, endedAt: parsed.endedAt, why: parsed.why };
}
