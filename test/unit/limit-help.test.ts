// --limit is a total everywhere (as in gh): every command that takes it says so the same way in its help,
// and offers --all for every item.
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';

const program = await buildProgram({ env: {} });
const withLimit: { path: string; command: Command }[] = [];
(function walk(command: Command, words: string[]) {
  for (const sub of command.commands) {
    const path = [...words, sub.name()];
    if ((sub.options as Option[]).some((o) => o.long === '--limit')) withLimit.push({ path: path.join(' '), command: sub });
    walk(sub, path);
  }
})(program, []);

describe('--limit in every listing command', () => {
  it('is found in the listing commands', () => {
    expect(withLimit.map((c) => c.path)).toEqual(expect.arrayContaining(['task list', 'task events', 'task chat', 'schedule runs']));
  });
  it.each(withLimit.map((c) => [c.path, c.command] as const))(
    '%s: "at most N items in all (default 30); --all for every item"',
    (_, command) => {
      const options = command.options as Option[];
      const limit = options.find((o) => o.long === '--limit');
      expect(limit?.flags).toBe('-L, --limit <n>');
      expect(limit?.description).toBe('at most N items in all (default 30); --all for every item');
      expect(options.find((o) => o.long === '--all')?.description).toBe('every item (as many pages as it takes)');
      expect(command.helpInformation()).toMatch(/-L, --limit <n>\s+at most N items in all \(default 30\); --all for every\s+item/);
    },
  );
});
