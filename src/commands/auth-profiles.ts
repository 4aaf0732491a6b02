// wts auth list [--json] | switch PROFILE: the profiles of the configuration file (as `gh auth status`
// lists accounts and `gh auth switch` / `kubectl config use-context` picks one), never a token.
import type { Command } from 'commander';
import { DEFAULT_PROFILE } from '../config.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode, messageOf } from '../errors.js';
import { pipeField } from '../output/sanitize.js';
import { printDone } from '../output/print.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { styled } from '../output/text.js';
import { verb, type CliDeps } from '../framework/verb.js';

/** One line of `auth list --json`: what the configuration and the store say about a profile. */
export interface ProfileEntry {
  profile: string;
  /** The profile commands use when neither --profile nor WTS_PROFILE names one. */
  default: boolean;
  /** The profile this command ran with (--profile, WTS_PROFILE, else the default). */
  active: boolean;
  origin: string;
  host: string;
  user: { id: string; name: string; login: string } | null;
  organization: { id: string; name: string } | null;
  /** Where its credentials are; null when signed out. */
  store: { kind: string; location: string } | null;
  signedIn: boolean;
  /** Why the store could not be read (a locked keychain, a damaged file). */
  problem?: string;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** The profile `wts auth switch` set, else "default". */
function defaultProfileOf(ctx: CommandContext): string {
  return ctx.config.read().defaultProfile ?? DEFAULT_PROFILE;
}

async function entryOf(ctx: CommandContext, name: string, origin: string): Promise<ProfileEntry> {
  const [{ openStore, profileAuth }, { storeChoiceForUse }] = await Promise.all([
    import('../auth/profile-auth.js'),
    import('../auth/store-choice.js'),
  ]);
  const base: ProfileEntry = {
    profile: name,
    default: name === defaultProfileOf(ctx),
    active: name === ctx.profileName(),
    origin,
    host: hostOf(origin),
    user: null,
    organization: null,
    store: null,
    signedIn: false,
  };
  try {
    const auth = profileAuth(ctx, name);
    const choice = storeChoiceForUse(ctx, auth);
    if (!choice) return base;
    const store = openStore(ctx, choice, name, origin, auth?.credentialId);
    const credentials = await store.read();
    if (!credentials || credentials.origin !== origin) return base;
    return {
      ...base,
      user: credentials.user ?? null,
      organization: credentials.organization ?? null,
      store: { kind: store.kind, location: store.location },
      signedIn: true,
    };
  } catch (err) {
    // One unreadable store (a locked keychain) or damaged record does not hide the other profiles.
    return { ...base, problem: messageOf(err) };
  }
}

function authList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    pages: true,
    description: 'list the profiles: which is the default and which is in use, their service, who is signed in, where the credentials are',
    examples: ['wts auth list', "wts auth list --json | jq -r '.[] | select(.signedIn) | .profile'", 'wts auth switch work'],
    async run({ ctx }) {
      const profiles = Object.entries(ctx.config.read().profiles);
      // The stores are read at once: a keychain call each, at most one per profile.
      const entries = await Promise.all(profiles.map(([name, profile]) => entryOf(ctx, name, profile.origin)));
      const marks = (e: ProfileEntry) => [e.active ? 'in use' : '', e.default ? 'default' : ''].filter(Boolean).join(', ');
      const columns: Column<ProfileEntry>[] = [
        {
          header: 'Profile',
          value: (e, mode) => (mode === 'human' && e.active ? styled(`* ${e.profile}`, (s) => ctx.chalk.bold(s)) : e.profile),
        },
        { header: 'Default', value: (e, mode) => (mode === 'human' ? marks(e) : e.default ? 'default' : '') },
        { header: 'Host', value: (e, mode) => (mode === 'human' ? e.host : e.origin), flex: true, min: 12 },
        {
          header: 'User',
          value: (e, mode) => {
            if (e.user) return mode === 'human' ? `${e.user.login} (${e.organization?.name ?? 'unknown organization'})` : e.user.login;
            return mode === 'human' ? (e.problem ? 'unknown (store unreadable)' : e.signedIn ? 'unknown' : 'signed out') : '';
          },
          flex: true,
          min: 10,
          priority: 2,
        },
        {
          header: 'Store',
          value: (e, mode) =>
            e.store ? (mode === 'human' ? `${e.store.kind} ${e.store.kind === 'file' ? e.store.location : ''}`.trim() : e.store.kind) : '',
          flex: true,
          min: 8,
          priority: 1,
        },
        // Piped, the one in use is a field of its own, last (so the fields scripts cut stay where they were);
        // on a terminal the Default column says it.
        ...(ctx.io.isStdoutTTY ? [] : [{ header: 'In use', value: (e: ProfileEntry) => (e.active ? 'in use' : '') }]),
      ];
      await printItems(ctx, entries, columns, { empty: 'No profiles: `wts login --origin URL` makes one.' });
      for (const e of entries) if (e.problem) ctx.io.stderr.write(`wts: profile ${pipeField(e.profile)}: ${pipeField(e.problem)}\n`);
    },
  });
}

function authSwitch(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'switch',
    description: 'make PROFILE the one commands use when neither --profile nor WTS_PROFILE names one',
    args: [['<PROFILE>', 'a profile (from `wts auth list`)']],
    examples: ['wts auth switch work', 'wts auth switch default', 'wts auth list'],
    async run({ ctx, args }) {
      const [name] = args;
      const config = ctx.config.read();
      if (!config.profiles[name]) {
        const known = Object.keys(config.profiles);
        throw new CliError(
          `PROFILE: no profile "${pipeField(name)}"; ${known.length ? `the profiles are ${known.join(', ')}` : 'there are none yet'} — \`wts login --profile ${pipeField(name)} --origin URL\` makes it`,
          ExitCode.usage,
        );
      }
      ctx.config.write({ ...config, defaultProfile: name });
      const entry = await entryOf(ctx, name, config.profiles[name]?.origin ?? '');
      const who = entry.user ? ` as ${entry.user.login}` : entry.signedIn ? '' : ' (signed out: `wts login` signs in)';
      printDone(ctx, { ...entry, default: true }, `Switched to profile ${name}: ${entry.host}${who}`);
      // Named after the message: they win over the default, so this switch changes nothing while they are set.
      const overriding = ctx.globals.profile !== undefined ? '--profile' : ctx.env.WTS_PROFILE ? 'WTS_PROFILE' : undefined;
      if (overriding && (ctx.globals.profile ?? ctx.env.WTS_PROFILE) !== name)
        ctx.io.stderr.write(`wts: note: ${overriding} names profile ${pipeField(ctx.profileName())}, which wins over the default\n`);
    },
  });
}

export function registerAuthProfiles(group: Command, deps: CliDeps): void {
  authList(group, deps);
  authSwitch(group, deps);
}
