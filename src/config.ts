// The configuration file: profiles, each remembering its origin and what `wts login` learned.
// Written atomically (temporary file, rename), mode 0600 in a 0700 directory.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { writeFileAtomic } from './atomic-file.js';
import type { Env } from './io.js';
import { CliError, errnoOf, ExitCode, messageOf } from './errors.js';
import { isRecord } from './type-guards.js';
import { type Checked, parseStoredBy } from './stored-file.js';

export interface Profile {
  origin: string;
  /** What sign-in keeps about the connection (client registration, scopes, store); owned by src/auth. */
  auth?: Record<string, unknown>;
}

/**
 * config.json as read back: checked by hand, not with zod, since every run reads it and most need no zod
 * (ARCHITECTURE.md, "What is loaded lazily"). Members a later wts wrote are kept when this one writes the
 * file. The problem is said as for the files checked with zod (src/stored-file.ts): "WHERE: WHAT".
 */
export function checkConfig(json: unknown): Checked<ConfigFile> {
  if (!isRecord(json)) return { problem: 'the whole file: expected an object' };
  if (json.version !== 1) return { problem: json.version === undefined ? 'version: missing' : 'version: expected 1' };
  if (json.defaultProfile !== undefined && typeof json.defaultProfile !== 'string') return { problem: 'defaultProfile: expected a string' };
  const { profiles, settings } = json;
  if (profiles === undefined) return { problem: 'profiles: missing' };
  if (!isRecord(profiles)) return { problem: 'profiles: expected an object' };
  for (const [name, profile] of Object.entries(profiles)) {
    if (!isRecord(profile)) return { problem: `profiles.${name}: expected an object` };
    if (profile.origin === undefined) return { problem: `profiles.${name}.origin: missing` };
    if (typeof profile.origin !== 'string') return { problem: `profiles.${name}.origin: expected a string` };
    if (profile.auth !== undefined && !isRecord(profile.auth)) return { problem: `profiles.${name}.auth: expected an object` };
  }
  if (settings !== undefined) {
    if (!isRecord(settings)) return { problem: 'settings: expected an object' };
    for (const [name, values] of Object.entries(settings)) {
      if (!isRecord(values)) return { problem: `settings.${name}: expected an object` };
      for (const [key, value] of Object.entries(values))
        if (typeof value !== 'string') return { problem: `settings.${name}.${key}: expected a string` };
    }
  }
  return { value: json as unknown as ConfigFile };
}

export interface ConfigFile {
  version: 1;
  defaultProfile?: string;
  profiles: Record<string, Profile>;
  /** `wts config` settings, per profile name (kept apart from sign-in, so `wts logout` leaves them). */
  settings?: Record<string, Record<string, string>>;
}

/** A key of `wts config`: what it means, its default, and how a value is checked. */
export interface Setting {
  key: SettingKey;
  description: string;
  default?: string;
  /** The environment variable that wins over the setting, if any. */
  env?: string;
  /** A problem with `value`, or undefined when it is fine. */
  check?: (value: string) => string | undefined;
}

// Declared as const, so the keys are a type: a setting read under a misspelt name does not compile.
const DECLARED = [
  { key: 'workspace', env: 'WTS_WORKSPACE', description: 'the workspace of commands that take WS when none is given' },
  { key: 'editor', env: 'VISUAL, EDITOR', description: 'the editor of editing commands on a terminal' },
  {
    key: 'pager',
    env: 'WTS_PAGER, PAGER',
    default: 'less -FRX',
    description: 'the pager of long output on a terminal (empty or cat: none)',
  },
  { key: 'browser', env: 'BROWSER', description: 'the browser `wts login` opens' },
  {
    key: 'dash.refresh',
    default: '60',
    description: 'seconds between refreshes of the dashboard',
    check: (v: string) => (/^\d{1,5}$/.test(v) && Number(v) >= 1 ? undefined : 'must be a whole number of seconds from 1'),
  },
  {
    key: 'accessible',
    env: 'WTS_ACCESSIBLE',
    default: 'false',
    description: 'plain numbered questions read line by line, progress as occasional lines, no full screen (docs/accessibility.md)',
    check: (v: string) => (v === 'true' || v === 'false' ? undefined : 'must be true or false'),
  },
  {
    key: 'wire-names',
    env: 'WTS_WIRE_NAMES',
    description: "a names file: the service's names where they are not wts's (docs/wire-names.md)",
  },
  {
    key: 'openapi-url',
    description: 'where the service serves its OpenAPI document, for `wts doctor` (default: a few likely places)',
    check: (v: string) => (/^https?:\/\/\S+$/.test(v) ? undefined : 'must be an http or https URL'),
  },
] as const satisfies readonly (Omit<Setting, 'key'> & { key: string })[];

/** The keys of `wts config`. */
export type SettingKey = (typeof DECLARED)[number]['key'];

export const SETTINGS: readonly Setting[] = DECLARED;

/** The setting a user typed, when it is one. */
export function settingNamed(key: string): Setting | undefined {
  return SETTINGS.find((s) => s.key === key);
}

export const DEFAULT_PROFILE = 'default';

/** WTS_CONFIG_DIR, else the platform's configuration directory (XDG on Linux). */
export function configDir(env: Env): string {
  if (env.WTS_CONFIG_DIR) return env.WTS_CONFIG_DIR;
  return envPaths('wts', { suffix: '' }).config;
}

/**
 * WTS_CACHE_DIR, else the platform's cache directory for wts (as bin/wts has it for the code cache);
 * undefined without a home.
 */
export function cacheDir(env: Env): string | undefined {
  if (env.WTS_CACHE_DIR) return env.WTS_CACHE_DIR;
  try {
    return envPaths('wts', { suffix: '' }).cache;
  } catch {
    return undefined;
  }
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
      if (errnoOf(err) !== 'ENOENT') throw new CliError(`cannot read ${this.path}: ${messageOf(err)}`, ExitCode.failure);
    }
    if (text === undefined) return (this.data = { version: 1, profiles: {} });
    this.data = parseStoredBy(this.path, text, checkConfig, 'fix it or delete it (then run `wts login`)');
    return this.data;
  }

  profile(name: string): Profile | undefined {
    return this.read().profiles[name];
  }

  /** A `wts config` value of a profile, undefined when it is not set. */
  setting(profile: string, key: SettingKey): string | undefined {
    return this.read().settings?.[profile]?.[key];
  }

  /** Every `wts config` value set for a profile. */
  settings(profile: string): Record<string, string> {
    return { ...this.read().settings?.[profile] };
  }

  /** Sets (or with undefined, unsets) a `wts config` value of a profile and writes the file at once. */
  updateSetting(profile: string, key: SettingKey, value: string | undefined): void {
    const data = this.read();
    const settings = { ...data.settings?.[profile] };
    if (value === undefined) delete settings[key];
    else settings[key] = value;
    const all = { ...data.settings, [profile]: settings };
    if (Object.keys(settings).length === 0) delete all[profile];
    this.write({ ...data, settings: all });
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
