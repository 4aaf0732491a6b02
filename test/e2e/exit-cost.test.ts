// What a run pays on its way out, asserted as a mechanism, not a time: a plain run that made requests
// formats no error stack (see src/api/transport.ts close(): placing one frame of the bundle counts the lines
// of all of it). Real processes (`node bin/wts`, after `npm run build`) against the sandbox over loopback.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runWtsProcess } from '../helpers/wts-process.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();
const scratch = mkdtempSync(join(tmpdir(), 'wts-exit-cost-'));
const preload = join(import.meta.dirname, '..', 'helpers', 'count-stacks.cjs');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `args` with the stack counter preloaded; the stacks it formatted. */
async function stacksOf(args: string[]): Promise<{ code: number | null; stderr: string; stacks: unknown }> {
  const file = join(scratch, `stacks-${args.join('-')}.json`);
  const r = await runWtsProcess(args, {
    env: { ...sandbox.env, WTS_CONFIG_DIR: join(scratch, 'config'), NODE_OPTIONS: `--require ${preload}`, STACKS_FILE: file },
  });
  return { code: r.code, stderr: r.stderr, stacks: JSON.parse(readFileSync(file, 'utf8')) };
}

describe('a run on its way out', () => {
  it.each([
    ['one request', ['workspace', 'list', '--json']],
    ['several pages', ['task', 'list', 'ws_support', '--all', '--json']],
  ])('%s: closes its connections without formatting an error stack', async (_, args) => {
    const r = await stacksOf(args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stacks).toEqual([]);
  });
});
