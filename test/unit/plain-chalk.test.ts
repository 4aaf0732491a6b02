// PLAIN_CHALK stands in for chalk when output has no colors (src/context.ts): it must print what chalk at
// level 0 prints for every style wts uses, alone, chained, and with several arguments.
import { describe, expect, it } from 'vitest';
import { Chalk, type ChalkInstance } from 'chalk';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAIN_CHALK } from '../../src/context.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every `chalk.a.b(` chain in the source. */
const chains = [
  ...new Set(sources(SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\bchalk((?:\.\w+)+)\(/g)].map((m) => m[1]!.slice(1)))),
];

describe('PLAIN_CHALK', () => {
  const real = new Chalk({ level: 0 });
  // biome-ignore lint/suspicious/noExplicitAny: walks chalk's chain of style getters by name
  const style = (c: ChalkInstance, chain: string) => chain.split('.').reduce((s: any, k) => s[k], c) as (...a: unknown[]) => string;

  it('finds the styles the source uses', () => {
    expect(chains).toEqual(expect.arrayContaining(['dim', 'bold', 'green', 'red', 'yellow', 'bold.cyan']));
  });

  it.each(chains)('chalk.%s prints what chalk at level 0 prints', (chain) => {
    for (const args of [['text'], ['two', 'words'], [42], [''], ['a\nb']])
      expect(style(PLAIN_CHALK, chain)(...args)).toBe(style(real, chain)(...args));
  });

  it('says level 0 and is not a thenable (it is returned from async functions)', async () => {
    expect(PLAIN_CHALK.level).toBe(0);
    expect(await Promise.resolve(PLAIN_CHALK)).toBe(PLAIN_CHALK);
    expect(`${PLAIN_CHALK.dim('x')}`).toBe('x');
  });
});
