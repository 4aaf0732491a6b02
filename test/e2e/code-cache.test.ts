// bin/wts compiles the bundle with a V8 code cache in WTS_CACHE_DIR (see bin/wts), one per command:
// written once, whole, 0600 in a 0700 directory; used, not rewritten, by the command's runs after; a
// cache V8 refuses is replaced; caches of other builds go, and this build's beyond sixty-four, the
// oldest first; and no cache, or no place for one, only makes a run slower. Real processes
// (`node bin/wts`, after `npm run build`), against the sandbox over loopback for the run that makes a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, REPO, runWtsProcess } from '../helpers/wts-process.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { expectMode } from '../helpers/platform.js';

const sandbox = useSandbox();
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'wts-code-cache-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

let dirs = 0;
/** A cache directory not made yet, two levels down. */
const newCacheDir = () => join(scratch, `run-${++dirs}`, 'cache');

/** A run of `node bin/wts` (not spawnSync: the sandbox answering it lives in this process). */
async function wts(cacheDir: string, args: string[]) {
  const r = await runWtsProcess(args, { env: { WTS_CACHE_DIR: cacheDir, WTS_CONFIG_DIR: join(scratch, 'config'), ...sandbox.env } });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The cache files in `dir`: name, size, a digest of the bytes and the modification time. A digest, not
 * the bytes: comparing a 450 kB Buffer with toEqual goes element by element and took seconds a time.
 */
function caches(dir: string) {
  return readdirSync(dir).map((name) => {
    const bytes = readFileSync(join(dir, name));
    return { name, size: bytes.length, sha256: sha256(bytes), mtimeMs: statSync(join(dir, name)).mtimeMs };
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const EXPLAIN = ['schedule', 'explain', '0 9 * * 1-5'];

describe('the code cache of bin/wts', () => {
  it.each([
    ['an offline command', EXPLAIN, 'schedule-explain'],
    ['a command making a request', ['workspace', 'list', '--json'], 'workspace-list'],
  ])('%s: the first run writes one cache, 0600 in a 0700 directory; the next runs use it and leave it alone', async (_, args, command) => {
    const dir = newCacheDir();
    const first = await wts(dir, args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const [cache, ...more] = caches(dir);
    expect(more).toEqual([]);
    expect(cache!.name).toMatch(new RegExp(`^code-${process.version}-${process.arch}-\\d+-\\d+-${command}\\.bin$`));
    expect(cache!.size).toBeGreaterThan(10_000);
    expectMode(join(dir, cache!.name), 0o600);
    expectMode(dir, 0o700);

    for (let i = 0; i < 2; i++) {
      const again = await wts(dir, args);
      expect(again).toEqual(first);
      // V8 accepted it: a refused cache is written again (next test), so an untouched file was used.
      expect(caches(dir)).toEqual([cache]);
    }
  });

  it("each command has a cache of its own, written by its first run; another command's is left alone", async () => {
    // A cache holds what the run that wrote it compiled: `schedule explain`'s has none of a request's code.
    const dir = newCacheDir();
    await wts(dir, EXPLAIN);
    const before = caches(dir);
    const list = await wts(dir, ['workspace', 'list', '--json']);
    expect([list.code, list.stderr]).toEqual([0, '']);
    const after = caches(dir);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after.map((c) => c.name).sort()).toEqual(
      before.flatMap((c) => [c.name, c.name.replace('schedule-explain', 'workspace-list')]).sort(),
    );
    // Options are not command words, wherever they are; nor are arguments such as a cron expression.
    await wts(dir, ['--json', 'workspace', 'list']);
    await wts(dir, [...EXPLAIN, '--json']);
    expect(caches(dir)).toEqual(after);
    // An option after the first word ends the words, since what follows may be its value (`login --store file` is `login`).
    await wts(dir, ['schedule', '--json', 'explain', '0 9 * * *']);
    expect(caches(dir).map((c) => c.name)).toContainEqual(expect.stringMatching(/-schedule\.bin$/));
  });

  it('a cache V8 refuses is replaced, and the run does its work as without one', async () => {
    const dir = newCacheDir();
    const clean = await wts(dir, EXPLAIN);
    const [cache] = caches(dir);
    const garbage = Buffer.alloc(cache!.size, 7);
    writeFileSync(join(dir, cache!.name), garbage);
    expect(await wts(dir, EXPLAIN)).toEqual(clean);
    const [replaced, ...more] = caches(dir);
    expect(more).toEqual([]);
    expect(replaced!.name).toBe(cache!.name);
    expect(replaced!.sha256).not.toBe(sha256(garbage));
    expect(replaced!.size).toBeGreaterThan(10_000);
  });

  it('a cache others may write is not read but replaced by one only this user can write', async () => {
    const dir = newCacheDir();
    const clean = await wts(dir, EXPLAIN);
    const [cache] = caches(dir);
    const file = join(dir, cache!.name);
    // Not refused by V8 (the bytes are right): only the permission check makes this run write it anew.
    chmodSync(file, 0o666);
    expect(await wts(dir, EXPLAIN)).toEqual(clean);
    expectMode(file, 0o600);
    // A file of the right mode is kept as it is.
    const before = statSync(file).mtimeMs;
    await wts(dir, EXPLAIN);
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it("writing a cache removes other builds' caches and nothing else", async () => {
    const dir = newCacheDir();
    await wts(dir, EXPLAIN);
    const [cache] = caches(dir);
    rmSync(join(dir, cache!.name));
    writeFileSync(join(dir, 'code-v18.0.0-x64-1-1.bin'), 'old');
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    await wts(dir, EXPLAIN);
    expect(
      caches(dir)
        .map((c) => c.name)
        .sort(),
    ).toEqual([cache!.name, 'notes.txt']);
  });

  it("writing a cache keeps this build's sixty-four most recently written, dropping the oldest", async () => {
    const dir = newCacheDir();
    await wts(dir, EXPLAIN);
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    const explain = names.join('');
    const build = explain.replace('schedule-explain.bin', '');
    rmSync(join(dir, explain));
    // Sixty-four other commands' caches, written an hour apart, the first the oldest.
    const others = Array.from({ length: 64 }, (_, i) => `${build}other-${i}.bin`);
    others.forEach((name, i) => {
      writeFileSync(join(dir, name), 'cache');
      const when = Date.now() / 1000 - (64 - i) * 3600;
      utimesSync(join(dir, name), when, when);
    });
    await wts(dir, EXPLAIN);
    expect(
      caches(dir)
        .map((c) => c.name)
        .sort(),
    ).toEqual([...others.slice(1), explain].sort());
  });

  it.each([
    ['HOME alone', {}],
    ['XDG_CACHE_HOME', { XDG_CACHE_HOME: 'xdg-cache' }],
  ])(
    "without WTS_CACHE_DIR the cache goes where env-paths puts wts's cache (the config's library), given %s",
    async (_, extra: Record<string, string>) => {
      const home = join(scratch, `home-${++dirs}`);
      const env: Record<string, string | undefined> = { HOME: home, XDG_CACHE_HOME: undefined, WTS_CACHE_DIR: undefined };
      for (const [k, v] of Object.entries(extra)) env[k] = join(home, v);
      // bin/wts cannot load env-paths (an ES module, and its cost), so it finds the directory itself.
      const expected = spawnSync(
        process.execPath,
        ['--input-type=module', '-e', "import envPaths from 'env-paths'; process.stdout.write(envPaths('wts', { suffix: '' }).cache)"],
        {
          cwd: REPO,
          env: childEnv(env),
          encoding: 'utf8',
        },
      ).stdout;
      expect(expected.startsWith(home)).toBe(true);
      const r = await runWtsProcess(EXPLAIN, { env: { ...env, WTS_CONFIG_DIR: join(scratch, 'config') } });
      expect(r.code).toBe(0);
      expect(caches(expected).map((c) => c.name)).toEqual([expect.stringMatching(/^code-.*\.bin$/)]);
    },
  );

  it('with no place for a cache, the command works and says nothing about it', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const clean = await wts(newCacheDir(), EXPLAIN);
    expect(clean.code).toBe(0);
    expect(await wts(join(file, 'cache'), EXPLAIN)).toEqual(clean);
  });
});
