// wts config get KEY | set KEY VALUE | unset KEY | list: settings of the profile in use, kept in the
// configuration file (as `gh config`). The environment wins over a setting where both exist.
import type { Command } from 'commander';
import { SETTINGS, settingNamed, type Setting } from '../config.js';
import { completes } from '../completion/spec.js';
import { CliError, ExitCode } from '../errors.js';
import { printDone, printJson } from '../output/print.js';
import { pipeField } from '../output/sanitize.js';
import { options, verb, type CliDeps } from '../framework/verb.js';
import type { CommandContext } from '../context.js';

const KEY = ['<KEY>', `the setting: ${SETTINGS.map((s) => s.key).join(', ')}`] as const;

function known(key: string): Setting {
  const setting = settingNamed(key);
  if (!setting)
    throw new CliError(
      `KEY: unknown setting "${pipeField(key)}"; the settings are ${SETTINGS.map((s) => s.key).join(', ')}`,
      ExitCode.usage,
    );
  return setting;
}

const KEYS_HELP = `\nSettings (per profile; the environment variable, where there is one, wins over the setting):\n${SETTINGS.map(
  (s) => `  ${s.key.padEnd(13)}${s.description}${s.default !== undefined ? ` (default: ${s.default})` : ''}${s.env ? ` [${s.env}]` : ''}`,
).join('\n')}\n`;

function configGet(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'get',
    description: "print a setting's value (its default when it is not set)",
    args: [KEY],
    examples: ['wts config get workspace', 'wts --profile work config get pager'],
    async run({ ctx, args }) {
      const setting = known(args[0]);
      const value = ctx.setting(setting.key) ?? setting.default;
      if (ctx.json) printJson(ctx, { key: setting.key, value: value ?? null });
      else if (value !== undefined) ctx.io.stdout.write(`${pipeField(value)}\n`);
    },
  });
}

function configSet(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'set',
    description: 'change a setting of the profile in use',
    args: [KEY, ['<VALUE>', 'the new value']],
    options: options<{ force?: boolean }>((c) =>
      c.option('--force', 'set workspace without asking the service whether this connection can open it (offline, before signing in)'),
    ),
    examples: [
      'wts config set workspace ws_support   # then: wts task list',
      'wts config set workspace ws_new --force   # not checked with the service',
      'wts config set editor "code --wait"',
      'wts config set pager "less -R"',
      'wts config set accessible true   # plain questions and progress lines, for screen readers',
    ],
    async run({ ctx, args, opts }) {
      const setting = known(args[0]);
      const value = args[1];
      const problem =
        setting.check?.(value) ??
        (setting.key === 'workspace' && !/^\S+$/.test(value) ? 'must be a workspace id (from `wts workspace list`)' : undefined);
      if (problem) throw new CliError(`VALUE: ${setting.key} ${problem}, not "${pipeField(value)}"`, ExitCode.usage);
      // A default workspace the connection cannot open would fail every later command far from its cause.
      if (setting.key === 'workspace' && !opts.force) await workspaceOpenable(ctx, value);
      ctx.config.updateSetting(ctx.profileName(), setting.key, value);
      printDone(ctx, { key: setting.key, value }, `Set ${setting.key} to ${value} (profile ${ctx.profileName()})`);
    },
  });
}

/** Refuses (exit 3, naming the setting) a workspace that the connection's list of workspaces does not hold. */
async function workspaceOpenable(ctx: CommandContext, workspaceId: string): Promise<void> {
  const api = await ctx.api();
  for await (const w of api.items('list_workspaces', { path: {} })) if (w.id === workspaceId) return;
  throw new CliError(
    `VALUE: no workspace ${pipeField(workspaceId)} here (see \`wts workspace list\`); the setting workspace of profile ${ctx.profileName()} is unchanged (--force sets it anyway)`,
    ExitCode.notFound,
  );
}

function configUnset(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'unset',
    description: 'remove a setting of the profile in use (its default applies again)',
    args: [KEY],
    examples: ['wts config unset workspace'],
    async run({ ctx, args }) {
      const setting = known(args[0]);
      ctx.config.updateSetting(ctx.profileName(), setting.key, undefined);
      printDone(ctx, { key: setting.key, value: setting.default ?? null }, `Unset ${setting.key} (profile ${ctx.profileName()})`);
    },
  });
}

function configList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    pages: true,
    description: 'print every setting of the profile in use as key=value (defaults included)',
    examples: ['wts config list', 'wts config list --json'],
    async run({ ctx }) {
      const values = Object.fromEntries(SETTINGS.map((s) => [s.key, ctx.setting(s.key) ?? s.default ?? '']));
      if (ctx.json) printJson(ctx, values);
      else for (const [key, value] of Object.entries(values)) ctx.io.stdout.write(`${key}=${pipeField(value)}\n`);
    },
  });
}

export function registerConfig(program: Command, deps: CliDeps): void {
  const group = program
    .command('config')
    .description('read and change settings: the default workspace, editor, pager, browser, accessible mode');
  group.addHelpText('after', KEYS_HELP);
  // `wts config set <TAB>` completes the setting names.
  for (const declare of [configGet, configSet, configUnset])
    for (const key of declare(group, deps).registeredArguments.slice(0, 1))
      completes(
        key,
        SETTINGS.map((s) => s.key),
      );
  configList(group, deps);
}
