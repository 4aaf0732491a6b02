// A run loads only the command group its first word names: every command, by each of its names, must
// still be found that way, with the same subcommands as in the whole tree.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';

const deps = { env: {} };
const whole = await buildProgram(deps);
const words = whole.commands.flatMap((c) => [c.name(), ...c.aliases()].map((word) => [word, c] as const));

const answering = (program: Command, word: string) => program.commands.find((c) => c.name() === word || c.aliases().includes(word));
const subcommands = (command: Command | undefined) => command?.commands.map((c) => c.name());

describe('loading the command tree by group', () => {
  it.each(words.map(([word, command]) => [word, command.name(), command] as const))(
    '`wts %s …` loads the group of %s',
    async (word, _name, command) => {
      const program = await buildProgram(deps, ['node', 'wts', '--profile', 'work', word, '--json']);
      expect(answering(program, word)?.name()).toBe(command.name());
      expect(subcommands(answering(program, word))).toEqual(subcommands(command));
      // Found by the manifest, not by the fallback that loads everything (help and completion need everything).
      if (!['help', 'completion'].includes(command.name())) expect(program.commands.length).toBeLessThan(whole.commands.length);
    },
  );

  it('loads one group for a group word, and every group for help, completion and words no group knows', async () => {
    const size = async (...args: string[]) => (await buildProgram(deps, ['node', 'wts', ...args])).commands.length;
    expect(await size('task', 'list', 'ws_support')).toBeLessThan(whole.commands.length);
    expect(await size('--origin', 'http://127.0.0.1:1', 'workspaces', 'list')).toBeLessThan(whole.commands.length);
    for (const args of [[], ['--help'], ['-h', 'task'], ['help', 'task'], ['completion', 'bash'], ['tsak', 'list'], ['--json']]) {
      expect(await size(...args), args.join(' ')).toBe(whole.commands.length);
    }
  });
});
