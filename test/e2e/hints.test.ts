// Every hint that names a command is a real command: each backticked `wts …` text in the sources is
// walked down the command tree (words that name subcommands, until a command that has none), and that
// command's --help must succeed. A hint naming a verb that does not exist fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { runWts } from '../helpers/cli.js';

const SRC = join(import.meta.dirname, '../../src');
/** Texts that begin with "wts" but are prose, not a command (each must still exist, so this list cannot rot). */
const PROSE = ['`wts is signed in to', '`wts process ${', '`wts sandbox listening on'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const texts = sources(SRC).map((file) => readFileSync(file, 'utf8'));
// Not hints: a version line (`wts 0.2.0 …`), a template (`wts ${…}`), an elided command (`wts … | head`).
const hints = [...new Set(texts.flatMap((text) => [...text.matchAll(/`wts [^`]*`/g)].map((m) => m[0])))].filter(
  (h) => !PROSE.some((p) => h.startsWith(p)) && !/^`wts [\d$…]/.test(h),
);

/** The commands a hint names: "approval approve|reject ID" names two. */
function commandPaths(program: Command, hint: string): string[][] {
  const words = hint.slice(5, -1).replace(/\\$/, '').split(/\s+/);
  let paths: { path: string[]; at: Command }[] = [{ path: [], at: program }];
  for (const word of words) {
    if (paths.every((p) => p.at.commands.length === 0)) break; // a leaf: the rest are its arguments and flags
    if (!/^[a-z][a-z|-]*$/.test(word)) break; // a placeholder (WS, ID), a flag or an interpolation
    paths = paths.flatMap(({ path, at }) =>
      word.split('|').map((name) => {
        const next = at.commands.find((c) => c.name() === name || c.aliases().includes(name));
        if (!next) throw new Error(`${hint}: "${[...path, name].join(' ')}" is not a wts command`);
        return { path: [...path, name], at: next };
      }),
    );
  }
  return paths.map((p) => p.path);
}

describe('hints name real commands', () => {
  it('finds the hints, and every prose exception still exists', () => {
    expect(hints.length).toBeGreaterThan(30);
    for (const p of PROSE)
      expect(
        texts.some((t) => t.includes(p)),
        p,
      ).toBe(true);
  });

  it.each(hints)('%s', async (hint) => {
    const program = await buildProgram({ env: {} });
    const paths = commandPaths(program, hint);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const r = await runWts([...path, '--help']);
      expect(r.code, `wts ${path.join(' ')} --help: ${r.stderr}`).toBe(0);
    }
  });
});
