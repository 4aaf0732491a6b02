// Help for people: every command shows an example, and `wts help environment` lists what wts reads.
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { ENVIRONMENT_VARIABLES } from '../../src/commands/help.js';
import { runWts } from '../helpers/cli.js';
import { REPO, runWtsProcess } from '../helpers/wts-process.js';

/** Every command under `command`, with the words that run it. */
function walk(command: Command, path: string[] = []): { path: string[]; command: Command }[] {
  return command.commands.flatMap((c) => [{ path: [...path, c.name()], command: c }, ...walk(c, [...path, c.name()])]);
}

const commands = walk(await buildProgram({ env: {} }));
const leaves = commands.filter((c) => c.command.commands.length === 0);

describe('wts help environment', () => {
  it.each([40, 120])('lists every variable the CLI reads, in full, wrapped to a terminal of %i columns', async (columns) => {
    const r = await runWts(['help', 'environment'], { env: { NO_COLOR: '1' }, tty: true, columns });
    expect(r.code).toBe(0);
    for (const name of [
      'WTS_ORIGIN',
      'WTS_PROFILE',
      'WTS_CONFIG_DIR',
      'WTS_TOKEN',
      'WTS_CREDENTIALS_FILE',
      'WTS_CREDENTIAL_STORE',
      'BROWSER',
      'VISUAL',
      'EDITOR',
      'NO_COLOR',
      'FORCE_COLOR',
    ]) {
      expect(ENVIRONMENT_VARIABLES.map((v) => v.name)).toContain(name);
    }
    for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(columns);
    // Each description whole once its wrapped lines (indented deeper than the names) are joined again.
    const joined = r.stdout.replace(/\n {4,}/g, ' ');
    for (const v of ENVIRONMENT_VARIABLES)
      expect(joined).toMatch(new RegExp(`^ {2}${v.name} +${v.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });

  it('prints name<TAB>meaning when piped, and objects with --json', async () => {
    const piped = await runWts(['help', 'environment'], {});
    expect(piped.stdout).toBe(ENVIRONMENT_VARIABLES.map((v) => `${v.name}\t${v.description}\n`).join(''));
    const json = await runWts(['help', 'environment', '--json'], {});
    expect(JSON.parse(json.stdout)).toEqual(ENVIRONMENT_VARIABLES);
  });

  it('docs/environment.md holds the same variables, in the same order, each with its meaning', () => {
    const doc = readFileSync(join(REPO, 'docs/environment.md'), 'utf8');
    const rows = doc.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    expect(rows).toEqual(ENVIRONMENT_VARIABLES.map((v) => `| \`${v.name}\` | ${v.description.replaceAll('|', '\\|')} |`));
  });
});

describe('wts alone, wts --version', () => {
  it('wts alone prints the help on stdout and exits 0', async () => {
    const alone = await runWts([]);
    expect(alone).toMatchObject({ code: 0, stderr: '' });
    expect(alone.stdout).toBe((await runWts(['--help'])).stdout);
    expect(alone.stdout).toMatch(/^Usage: wts \[options\] \[command\]\n/);
  });

  it('a group alone prints its help on stdout and exits 0, as --help does', async () => {
    for (const args of [['task'], ['tasks'], ['--profile', 'other', 'schedule'], ['--no-color', 'approval']]) {
      const alone = await runWts(args);
      expect(alone, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(alone.stdout).toBe((await runWts([...args, '--help'])).stdout);
    }
    expect((await runWts(['task'])).stdout).toMatch(/^Usage: wts task\|tasks \[options\] \[command\]\n/);
  });

  it('prints the version, the build date and the Node version, the same from bin/wts (which answers it alone) and the CLI', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const { date } = JSON.parse(readFileSync(join(REPO, 'dist', 'build.json'), 'utf8')) as { date: string };
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const line = `wts ${version} (${date}) node ${process.version}\n`;
    expect(await runWtsProcess(['--version'])).toMatchObject({ code: 0, stdout: line, stderr: '' });
    expect(await runWtsProcess(['-V'])).toMatchObject({ code: 0, stdout: line, stderr: '' });
    // Not alone: bin/wts hands over to the bundle, where commander answers.
    expect(await runWtsProcess(['--no-color', '--version'])).toMatchObject({ code: 0, stdout: line, stderr: '' });
    expect(await runWts(['--version'])).toMatchObject({ code: 0, stdout: line, stderr: '' });
  });
});

describe('wts help COMMAND', () => {
  it('shows the same help as --help', async () => {
    const viaHelp = await runWts(['help', 'schedule', 'create']);
    const viaFlag = await runWts(['schedule', 'create', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect((await runWts(['help', 'approvals', 'edit'])).stdout).toBe((await runWts(['approval', 'edit', '--help'])).stdout);
    expect((await runWts(['help'])).stdout).toBe((await runWts(['--help'])).stdout);
  });

  it("lists the global flags under every command's own, as gh's INHERITED FLAGS (issue 39)", async () => {
    for (const path of [['task', 'view'], ['schedule', 'list'], ['task']]) {
      const r = await runWts([...path, '--help']);
      expect(r.code).toBe(0);
      const [, inherited = ''] = r.stdout.split('\nInherited Options:\n');
      for (const flag of [
        '--json [fields]',
        '--jq <expr>',
        '--profile <name>',
        '--origin <url>',
        '--no-color',
        '--debug',
        '--verbose',
        '--quiet',
      ])
        expect(inherited, `${path.join(' ')}: ${flag}`).toContain(flag);
      expect(inherited).not.toContain('--version');
    }
  });

  it('suggests a command only for a near miss (issue 39: `wts bogus` suggested logout)', async () => {
    expect(await runWts(['bogus'])).toMatchObject({ code: 2, stderr: "wts: unknown command 'bogus' (see `wts --help`)\n" });
    expect((await runWts(['taks'])).stderr).toBe("wts: unknown command 'taks'; did you mean task? (see `wts --help`)\n");
    expect((await runWts(['task', 'lst'])).stderr).toContain('did you mean list?');
  });

  it('exits 2 for an unknown command', async () => {
    expect(await runWts(['help', 'nope'])).toMatchObject({
      code: 2,
      stderr: 'wts: unknown command "nope"; run `wts --help` for the list\n',
    });
  });
});

describe('every command', () => {
  it('was found by walking the tree', () => {
    const names = commands.map((c) => c.path.join(' '));
    for (const name of [
      'approval edit',
      'reminder cancel',
      'instructions reorder',
      'handbook view',
      'knowledge remove',
      'schedule run',
      'api',
      'help environment',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(leaves.map((c) => [c.path.join(' '), c.path] as const))('wts %s --help shows an example', async (_name, path) => {
    const r = await runWts([...path, '--help']);
    expect(r.code).toBe(0);
    // At least one example line under the heading (some start with another program, e.g. curl $(wts auth token)).
    expect(r.stdout).toMatch(/\nExamples:\n {2}\$ \S/);
  });

  it.each(['approval', 'reminder', 'instructions', 'handbook', 'knowledge', 'schedule', 'help'])(
    'the %s group has examples too',
    async (group) => {
      expect((await runWts([group, '--help'])).stdout).toContain('Examples:');
    },
  );

  it('answers to plural group names', async () => {
    for (const [plural, singular] of [
      ['approvals', 'approval'],
      ['reminders', 'reminder'],
      ['handbooks', 'handbook'],
      ['schedules', 'schedule'],
    ]) {
      expect((await runWts([plural!, '--help'])).stdout).toBe((await runWts([singular!, '--help'])).stdout);
    }
  });
});
