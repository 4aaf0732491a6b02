// The configuration file: profiles, each remembering its origin and what `wts login` learned.
// Written atomically (temporary file, rename), mode 0600 in a 0700 directory.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import * as z from 'zod';
import { writeFileAtomic } from './atomic-file.js';
import type { Env } from './io.js';
import { CliError, errnoOf, ExitCode, messageOf } from './errors.js';
import { parseStored } from './stored-file.js';

export interface Profile {
  origin: string;
  /** What sign-in keeps about the connection (client registration, scopes, store); owned by src/auth. */
  auth?: Record<string, unknown>;
}

/**
 * config.json as read back. Loose objects: members a later wts wrote are kept when this one writes the
 * file. Built on first read, not when the module loads.
 */
const configSchema = () =>
  z.looseObject({
    version: z.literal(1),
    defaultProfile: z.string().optional(),
    profiles: z.record(z.string(), z.looseObject({ origin: z.string(), auth: z.record(z.string(), z.unknown()).optional() })),
    settings: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  });

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
    this.data = parseStored(this.path, text, configSchema(), 'fix it or delete it (then run `wts login`)');
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
