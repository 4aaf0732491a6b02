// What the keychain holds of a sign-in: its secrets (the access token, the refresh token, a client
// secret) and nothing else; the rest of the record (issuer, endpoints, scopes, workspaces, expiry) is
// in a file beside the configuration (keychain.ts). Windows' Credential Manager takes at most 2,560
// bytes per entry, which keyring-rs fills with UTF-16 (1,280 characters): a 2 KB JWT alone does not fit.
// There a longer text is split across numbered entries, written before the first entry that names them
// (the one place a reader starts), so a reader finds the old set or the new one, never a part.
import * as z from 'zod';

/** The secrets of one sign-in, and the stamp that pairs them with the details file written with them. */
export interface KeychainSecrets {
  version: 2;
  /** The same in the details file when both were written together; see KeychainStore.read. */
  stamp: string;
  accessToken: string;
  refreshToken?: string;
  clientSecret?: string;
}

export const keychainSecretsSchema = () =>
  z.looseObject({
    version: z.literal(2),
    stamp: z.string(),
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    clientSecret: z.string().optional(),
  });

/** The first entry of secrets split across several: which set of numbered entries holds them. */
export const splitHeadSchema = () =>
  z.looseObject({
    version: z.literal(2),
    split: z.looseObject({ id: z.string().regex(/^[a-z0-9]{1,16}$/), count: z.number().int().min(1) }),
  });
export type SplitHead = z.output<ReturnType<typeof splitHeadSchema>>;

/** How much one keychain entry may hold on a platform, as the platform counts it; undefined: no limit that matters. */
export interface EntryLimit {
  /** The limit, in bytes. */
  maxBytes: number;
  /** The bytes a text takes there. */
  bytesOf(text: string): number;
}

/** Windows' CRED_MAX_CREDENTIAL_BLOB_SIZE (5 × 512 bytes), which keyring-rs fills with UTF-16. */
export const WINDOWS_ENTRY_MAX_BYTES = 2560;

/**
 * The limit of one entry on `platform`. Only Windows' is small: macOS keychain items and the Secret
 * Service hold kilobytes, and on macOS each entry is a Keychain item with its own access list (one
 * dialog each after a Node upgrade), so the secrets stay in one entry there.
 */
export function entryLimit(platform: string): EntryLimit | undefined {
  if (platform === 'win32') return { maxBytes: WINDOWS_ENTRY_MAX_BYTES, bytesOf: (text) => text.length * 2 };
  return undefined;
}

/**
 * JSON in ASCII alone (other characters as \uXXXX), so that a text is split anywhere without cutting a
 * character in two, and its length is its size in UTF-16 code units.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The account of the numbered entry `index` (1-based) of the set `id`, beside the first entry's. */
export function partAccount(account: string, id: string, index: number, count: number): string {
  return `${account} [${id} ${index}/${count}]`;
}

/** One entry to write: its account and its text. */
export interface PlannedEntry {
  account: string;
  text: string;
}

/** The entries to write: the numbered ones first, then the first entry (`head`), which names them. */
export interface EntryPlan {
  parts: PlannedEntry[];
  head: PlannedEntry;
  /** The set the parts belong to, when split. */
  splitId?: string;
}

/** A name for one set of numbered entries: new for every write, so a new set never overwrites the old. */
export function newSplitId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The entries that hold `secrets` on a platform with `limit`: one when it fits, else numbered entries of
 * at most the limit each and a first entry naming them. Every entry is measured as the platform counts
 * before anything is written (a text that cannot fit fails here, with nothing half written).
 */
export function planEntries(account: string, secrets: KeychainSecrets, limit: EntryLimit | undefined, splitId = newSplitId()): EntryPlan {
  const text = asciiJson(secrets);
  if (limit === undefined || limit.bytesOf(text) <= limit.maxBytes) return { parts: [], head: { account, text } };
  const perPart = Math.floor(limit.maxBytes / limit.bytesOf('x'));
  const count = Math.ceil(text.length / perPart);
  const parts = Array.from({ length: count }, (_, i) => ({
    account: partAccount(account, splitId, i + 1, count),
    text: text.slice(i * perPart, (i + 1) * perPart),
  }));
  const head = { account, text: asciiJson({ version: 2, split: { id: splitId, count } }) };
  for (const entry of [...parts, head]) {
    const bytes = limit.bytesOf(entry.text);
    if (bytes > limit.maxBytes)
      throw new Error(`a keychain entry of ${bytes} bytes does not fit the ${limit.maxBytes} bytes this platform allows`);
  }
  return { parts, head, splitId };
}
