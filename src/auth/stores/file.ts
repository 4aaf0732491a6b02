// A credentials file, used only when chosen (--store file, WTS_CREDENTIAL_STORE=file,
// WTS_CREDENTIALS_FILE): mode 0600 in a 0700 directory, every write atomic (a temporary file in the
// same directory, fsync, rename), entries keyed by profile so one file serves several.
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../../atomic-file.js';
import { CliError, errnoOf, ExitCode, messageOf } from '../../errors.js';
import { parseStored, parseStoredValue } from '../../stored-file.js';
import { SIGN_IN_AGAIN, storedCredentialsSchema, type StoredCredentials } from '../credentials.js';
import { withLock, type LockOptions } from '../lock.js';
import type { CredentialStore } from './store.js';

/** The file as read back: its entries, by profile, are checked as each is read (storedCredentialsSchema). */
const credentialsFileSchema = () => z.looseObject({ version: z.literal(1), credentials: z.record(z.string(), z.unknown()) });
type CredentialsFile = z.output<ReturnType<typeof credentialsFileSchema>>;

export interface FileStoreOptions {
  lock: LockOptions;
  /** The directory is ours (the configuration directory): make it 0700 even when it exists. */
  ownDirectory: boolean;
}

export class FileStore implements CredentialStore {
  readonly kind = 'file' as const;
  readonly path: string;
  readonly description: string;
  readonly location: string;
  readonly entryId: string;

  constructor(
    path: string,
    readonly key: string,
    private readonly options: FileStoreOptions,
  ) {
    this.path = resolve(path);
    this.description = `the file ${this.path}`;
    this.location = this.path;
    this.entryId = `file:${this.path}#${key}`;
  }

  private load(): CredentialsFile {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if (errnoOf(err) === 'ENOENT') return { version: 1, credentials: {} };
      throw new CliError(`cannot read the credentials file ${this.path}: ${messageOf(err)}`, ExitCode.failure);
    }
    // Said without quoting the file: it holds tokens.
    return parseStored(`the credentials file ${this.path}`, text, credentialsFileSchema(), 'remove it and run `wts login`');
  }

  async read(): Promise<StoredCredentials | undefined> {
    const entry = this.load().credentials[this.key];
    if (entry === undefined) return undefined;
    // A damaged entry is this profile's alone: `wts login` replaces it and keeps the others.
    return parseStoredValue(`the credentials file ${this.path}`, entry, storedCredentialsSchema(), SIGN_IN_AGAIN, [
      'credentials',
      this.key,
    ]);
  }

  async write(credentials: StoredCredentials): Promise<void> {
    await this.change((all) => {
      all[this.key] = credentials;
    });
  }

  async remove(): Promise<void> {
    if (!existsSync(this.path)) return;
    await this.change((all) => {
      delete all[this.key];
    });
  }

  /** Read, change, write back, under a lock so that two profiles sharing the file lose nothing. */
  private async change(edit: (all: Record<string, unknown>) => void): Promise<void> {
    const dir = dirname(this.path);
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (this.options.ownDirectory) chmodSync(dir, 0o700);
    // Beside the file, so that every process sharing it shares this lock, whatever its configuration directory.
    await withLock(join(dir, `.${basename(this.path)}.lock`), `writing ${this.path}`, this.options.lock, async () => {
      const data = this.load();
      edit(data.credentials);
      writeFileAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`);
    });
  }
}
