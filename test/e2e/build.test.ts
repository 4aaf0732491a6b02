// The build is atomic (scripts/bundle.mjs): a `wts` started while builds run, or after one that failed,
// runs a whole build, the bundle and the chunks it loads. Each build here writes a copy of the package in a
// temporary directory (WTS_BUNDLE_DIST), not the repository's dist/, which other tests run meanwhile.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, REPO } from '../helpers/wts-process.js';

let pkg: string;
let dist: string;

beforeAll(() => {
  // bin/wts, package.json, node_modules (the keychain package) and dist/ as the repository's build left it.
  pkg = mkdtempSync(join(tmpdir(), 'wts-build-'));
  dist = join(pkg, 'dist');
  cpSync(join(REPO, 'bin'), join(pkg, 'bin'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(pkg, 'package.json'));
  symlinkSync(join(REPO, 'node_modules'), join(pkg, 'node_modules'));
  for (const name of ['wts.cjs', 'chunks', 'meta.json', 'build.json'])
    cpSync(join(REPO, 'dist', name), join(dist, name), { recursive: true });
});

afterAll(() => rmSync(pkg, { recursive: true, force: true }));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): { done: Promise<Ran>; exited: () => boolean } {
  const child = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const done = new Promise<Ran>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { done, exited: () => child.exitCode !== null || child.signalCode !== null };
}

const buildInto = (extra: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, [join(REPO, 'scripts', 'bundle.mjs')], { ...process.env, WTS_BUNDLE_DIST: dist, ...extra });

/** A command that loads the bundle and a chunk (jq's), offline, from package `dir`; it must answer as a whole build does. */
async function wtsRuns(dir = pkg): Promise<void> {
  const env = childEnv({ WTS_CACHE_DIR: join(dir, 'cache'), WTS_CONFIG_DIR: join(dir, 'config') });
  const r = await run(process.execPath, [join(dir, 'bin', 'wts'), 'schedule', 'explain', '0 9 * * 1-5', '--json', '-q', '.cron'], env).done;
  expect(r, 'a wts run during or after a build').toEqual({ code: 0, stdout: '0 9 * * 1-5\n', stderr: '' });
}

/** Every file under dist/ (the copy), with its size and modification time. */
function snapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        files[path.slice(dist.length + 1)] = `${stat.size} ${stat.mtimeMs}`;
      }
    }
  };
  walk(dist);
  return files;
}

describe('the build (scripts/bundle.mjs)', () => {
  it('never shows a broken bundle to a wts started while two builds run side by side', async () => {
    await wtsRuns();
    const builds = [buildInto(), buildInto()];
    // Started before either build can finish: the first of these runs overlaps both.
    let runs = 0;
    do {
      await wtsRuns();
      runs += 1;
    } while (!builds.every((b) => b.exited()));
    for (const b of builds) expect(await b.done.then((r) => [r.code, r.stderr])).toEqual([0, '']);
    expect(runs).toBeGreaterThan(0);
    await wtsRuns();
    expect(Object.keys(snapshot()).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 180_000);

  it('leaves dist/ as it was when it fails, build.json included, and wts runs the build before it', async () => {
    const broken = join(pkg, 'broken.ts');
    writeFileSync(broken, 'export const = ;\n');
    const before = snapshot();
    const r = await buildInto({ WTS_BUNDLE_ENTRY: broken }).done;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^bundle: esbuild could not build the bundle \(above\); dist\/ is as it was$/m);
    expect(snapshot()).toEqual(before);
    expect(JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8'))).toHaveProperty('date');
    await wtsRuns();
  }, 60_000);

  it('fails, naming the file, on a chunked package loaded other than through src/lazy.ts', async () => {
    const stray = join(pkg, 'stray.ts');
    writeFileSync(stray, "export const browse = () => import('open');\n");
    const before = snapshot();
    const r = await buildInto({ WTS_BUNDLE_ENTRY: stray }).done;
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^bundle: .*stray\.ts loads open with dynamic-import; a chunked package is loaded through src\/lazy\.ts only$/m,
    );
    expect(snapshot()).toEqual(before);
  }, 60_000);
});

describe('the chunk set (dist/chunks/SET/, scripts/bundle.mjs)', () => {
  let src: string;

  beforeAll(() => {
    // The build script and the sources in a package of their own, so a source of a chunk can change.
    src = mkdtempSync(join(tmpdir(), 'wts-build-set-'));
    for (const name of ['scripts', 'src', 'bin', 'package.json', 'tsconfig.json'])
      cpSync(join(REPO, name), join(src, name), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(src, 'node_modules'));
  });

  afterAll(() => rmSync(src, { recursive: true, force: true }));

  /** Builds the copy, the sandbox chunk's source marked `mark`; returns the set its build.json names. */
  async function buildMarked(mark: number, extra: string[] = []): Promise<string> {
    const server = join(src, 'src', 'sandbox', 'server.ts');
    writeFileSync(
      server,
      `${readFileSync(join(REPO, 'src', 'sandbox', 'server.ts'), 'utf8')}\nprocess.env.WTS_BUILD_TEST_MARK ??= '${mark}';\n`,
    );
    const r = await run(process.execPath, [join(src, 'scripts', 'bundle.mjs'), ...extra], { ...process.env }).done;
    expect([r.code, r.stderr]).toEqual([0, '']);
    const chunks: unknown = JSON.parse(readFileSync(join(src, 'dist', 'build.json'), 'utf8')).chunks;
    expect(chunks).toMatch(/^[0-9a-f]{12}$/);
    return String(chunks);
  }

  const sets = () => readdirSync(join(src, 'dist', 'chunks')).sort();

  it('names the chunks the bundle was built with, keeps the set before, and drops older ones', async () => {
    const first = await buildMarked(1);
    const firstBundle = readFileSync(join(src, 'dist', 'wts.cjs'), 'latin1');
    expect(firstBundle).toContain(`"./chunks/${first}/jq.cjs"`);
    expect(readdirSync(join(src, 'dist', 'chunks', first))).toContain('sandbox.cjs');
    expect(await buildMarked(1)).toBe(first); // the same chunks, the same set

    const second = await buildMarked(2);
    expect(second).not.toBe(first);
    expect(readFileSync(join(src, 'dist', 'wts.cjs'), 'latin1')).toContain(`"./chunks/${second}/jq.cjs"`);
    // A wts that read the first bundle before this build still finds its own chunks, whole.
    expect(sets()).toEqual([first, second].sort());
    expect(readFileSync(join(src, 'dist', 'chunks', first, 'sandbox.cjs'), 'latin1')).toContain('"1"');
    expect(readFileSync(join(src, 'dist', 'chunks', second, 'sandbox.cjs'), 'latin1')).toContain('"2"');

    const third = await buildMarked(3);
    expect(sets()).toEqual([second, third].sort());
    expect(await buildMarked(3, ['--sole'])).toBe(third);
    expect(sets()).toEqual([third]);
    await wtsRuns(src);
  }, 180_000);
});
