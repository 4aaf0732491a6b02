// The origin a credentials file holds for a profile, read without the stores (on every command's path):
// a file named by WTS_CREDENTIALS_FILE is a sign-in of its own, and says where it is signed in to.
import { readFileSync } from 'node:fs';
import { isRecord } from '../type-guards.js';

/** The origin of the profile's entry in the file, or undefined when the file or the entry cannot be read. */
export function originInCredentialsFile(file: string, profile: string): string | undefined {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const entries = isRecord(data) ? data.credentials : undefined;
    const entry = isRecord(entries) ? entries[profile] : undefined;
    const origin = isRecord(entry) ? entry.origin : undefined;
    return typeof origin === 'string' && origin !== '' ? origin : undefined;
  } catch {
    return undefined;
  }
}
