// The configuration file: profiles, each remembering its origin and what `wts login` learned.
// Written atomically (temporary file, rename), mode 0600 in a 0700 directory.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { writeFileAtomic } from './atomic-file.js';
import type { Env } from './io.js';
import { CliError, ExitCode } from './errors.js';

export interface Profile {
  origin: string;
  /** What sign-in keeps about the connection (client registration, scopes, store); owned by src/auth. */
  auth?: Record<string, unknown>;
}

export interface ConfigFile {
  version: 1;
  defaultProfile?: string;
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';

/** WTS_CONFIG_DIR, else the platform's configuration directory (XDG on Linux). */
export function configDir(env: Env): string {
  if (env.WTS_CONFIG_DIR) return env.WTS_CONFIG_DIR;
  return envPaths('wts', { suffix: '' }).config;
}

export class ConfigStore {
  readonly path: string;
  private data: ConfigFile | undefined;

  constructor(readonly dir: string) {
    this.path = join(dir, 'config.json');
  }

  read(): ConfigFile {
    if (this.data) return this.data;
    let text: string | undefined;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new CliError(`cannot read ${this.path}: ${(err as Error).message}`, ExitCode.failure);
    }
    if (text === undefined) return (this.data = { version: 1, profiles: {} });
    try {
      const parsed = JSON.parse(text) as ConfigFile;
      if (parsed?.version !== 1 || typeof parsed.profiles !== 'object') throw new Error('not a wts configuration');
      return (this.data = parsed);
    } catch (err) {
      throw new CliError(`${this.path} is damaged (${(err as Error).message}); fix or remove it, then run \`wts login\``, ExitCode.failure);
    }
  }

  profile(name: string): Profile | undefined {
    return this.read().profiles[name];
  }

  /** Changes one profile and writes the file at once. */
  updateProfile(name: string, change: (current: Profile | undefined) => Profile | undefined): void {
    const data = this.read();
    const next = change(data.profiles[name]);
    if (next) data.profiles[name] = next;
    else delete data.profiles[name];
    this.write(data);
  }

  write(data: ConfigFile): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    writeFileAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`);
    this.data = data;
  }
}
