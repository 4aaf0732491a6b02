// The path a user takes: the project, as a fresh clone has it, packed with `npm pack` (prepack builds),
// the tarball installed globally into a fresh prefix with a fresh HOME, and the installed `wts` run: its
// version, a sandbox in the background, a sign-in, a list. Also the package's bounds: what it holds, its
// unpacked size and how many packages a global install pulls in.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazy } from '../../src/lazy.js';
import { FAKE_BROWSER, REPO, spawnSandbox } from '../helpers/wts-process.js';
import { expectMode } from '../helpers/platform.js';

// jq 1.8 compiled to WebAssembly (dist/chunks/SET/jq.cjs, loaded only by --jq) is 1.3 MB of the total, Ink
// and React (dist/chunks/SET/ink.mjs, loaded only by `wts dash`) 0.4 MB. The sandbox (dist/chunks/SET/sandbox.cjs,
// loaded only by `wts sandbox`) holds its own copy of zod, luxon, cron-parser and the catalog, ~0.13 MB
// more in the package for 0.4 MB less read by every other command. Starting programs on Windows, the
// lock's machine and process facts on macOS and Windows add a few KB (the PowerShell completion script is
// not packed: `wts completion powershell` prints it).
// wts doctor and the wire names (issue 37) took it to 4.73 MB.
const MAX_UNPACKED_BYTES = 4_800_000;
const MAX_PACKAGES = 30;

const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

let dir: string;
let prefix: string;
let home: string;
let installed: string;
let packed: { filename: string; unpackedSize: number; files: { path: string; size: number }[] };
let sandbox: ChildProcess | undefined;

/** This process's environment without npm's run-script variables (npm test sets them), plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && !k.startsWith('WTS_') && k !== 'BROWSER'),
  );
  return { ...base, ...env };
}

function run(command: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }) {
  const r = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The installed `wts`, as a user with a fresh HOME runs it: the prefix's bin first on PATH. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    HOME: home,
    PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
    NO_COLOR: '1',
    LANG: 'C.UTF-8',
    ...extra,
  };
}
const wts = (args: string[], extra: Record<string, string> = {}) => run(join(prefix, 'bin', 'wts'), args, { env: userEnv(extra) });

/** Package directories under a node_modules tree (scoped ones included), nested ones too. */
function packageDirs(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const found: string[] = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const at = join(nodeModules, name);
    if (name.startsWith('@')) {
      for (const sub of readdirSync(at)) found.push(join(at, sub), ...packageDirs(join(at, sub, 'node_modules')));
    } else if (existsSync(join(at, 'package.json'))) {
      found.push(at, ...packageDirs(join(at, 'node_modules')));
    }
  }
  return found;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wts-package-'));
  home = join(dir, 'home');
  prefix = join(dir, 'prefix');
  mkdirSync(home);
  // The npm cache the project was installed from, so the install needs the registry only for what it lacks.
  const cache = run('npm', ['config', 'get', 'cache'], { env: cleanEnv({}) }).stdout.trim();

  // A fresh clone: the files git has (tracked, or new and not ignored), no dist/; node_modules as npm ci
  // left it.
  const clone = join(dir, 'clone');
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, env: cleanEnv({}) });
  expect(files.code, files.stderr).toBe(0);
  for (const file of files.stdout.split('\0').filter(Boolean)) {
    if (file.startsWith('dist/') || !existsSync(join(REPO, file))) continue;
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(REPO, file), join(clone, file));
  }
  symlinkSync(join(REPO, 'node_modules'), join(clone, 'node_modules'));

  const npmEnv = cleanEnv({
    HOME: home,
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  });
  const pack = run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: clone, env: npmEnv });
  expect(pack.code, pack.stderr).toBe(0);
  packed = (JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as (typeof packed)[])[0]!;

  const install = run('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', join(dir, packed.filename)], { env: npmEnv });
  expect(install.code, install.stderr).toBe(0);
  installed = join(prefix, 'lib', 'node_modules', pkg.name);
}, 300_000);

afterAll(async () => {
  if (sandbox && sandbox.exitCode === null) {
    const exited = new Promise((resolve) => sandbox!.once('exit', resolve));
    sandbox.kill();
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the package', () => {
  it(`holds only what runs, unpacks to at most ${MAX_UNPACKED_BYTES} bytes, and installs at most ${MAX_PACKAGES} packages`, () => {
    const paths = packed.files.map((f) => f.path).sort();
    const allowed =
      /^(bin\/(wts|package\.json)|dist\/(wts\.cjs|build\.json|chunks\/[0-9a-f]{12}\/[\w-]+\.(cjs|mjs))|completions\/(wts\.bash|_wts|wts\.fish)|man\/wts(-[a-z]+)?\.1|README\.md|LICENSE|package\.json)$/;
    expect(paths.filter((p) => !allowed.test(p))).toEqual([]);
    for (const needed of ['bin/wts', 'dist/wts.cjs', 'dist/build.json', 'LICENSE', 'README.md', 'man/wts.1', 'completions/wts.bash'])
      expect(paths).toContain(needed);
    // One chunk set, the one the bundle names (the build before's, kept for a wts still running it, is not packed).
    const sets = new Set(paths.filter((p) => p.startsWith('dist/chunks/')).map((p) => p.split('/')[2]));
    expect(sets.size).toBe(1);

    const packages = packageDirs(join(prefix, 'lib', 'node_modules'));
    console.log(
      `package: ${packed.filename}, ${paths.length} files, unpacked ${packed.unpackedSize} bytes; a global install holds ${packages.length} packages: ${packages.map((p) => p.slice(join(prefix, 'lib', 'node_modules').length + 1)).join(', ')}`,
    );
    expect(packed.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED_BYTES);
    expect(packages.length).toBeLessThanOrEqual(MAX_PACKAGES);
    // npm links the man pages into the prefix.
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'wts.1'))).toBe(true);
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'wts-task.1'))).toBe(true);
  });

  it('matches the sizes README.md gives, within 0.1 MB, and the limit docs/testing.md gives', () => {
    // README.md's install section: what the package unpacks to, what jq and Ink take of it, how many
    // packages a global install is. Measured here, so the figures cannot drift from the package.
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = readme.match(
      /unpacks to about ([\d.]+) MB \(([\d.]+) MB of it jq for `--jq`, ([\d.]+) MB Ink for `wts dash`\), and a global install is (\d+) packages/,
    );
    expect(stated, 'the sentence in README.md that gives the package size').not.toBeNull();
    const megabytes = (bytes: number) => bytes / 1_000_000;
    // A chunk by its name in the one chunk set (dist/chunks/SET/NAME).
    const sizeOf = (chunk: string) =>
      packed.files.find((f) => /^dist\/chunks\/[0-9a-f]{12}\//.test(f.path) && f.path.endsWith(`/${chunk}`))?.size ?? 0;
    const measured = {
      unpacked: megabytes(packed.unpackedSize),
      jq: megabytes(sizeOf('jq.cjs')),
      ink: megabytes(sizeOf('ink.mjs')),
    };
    console.log(
      `README.md: ${stated?.slice(1).join(', ')}; measured ${Object.values(measured)
        .map((mb) => mb.toFixed(2))
        .join(', ')} MB`,
    );
    expect(Math.abs(Number(stated?.[1]) - measured.unpacked)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(Number(stated?.[2]) - measured.jq)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(Number(stated?.[3]) - measured.ink)).toBeLessThanOrEqual(0.1);
    expect(Number(stated?.[4])).toBe(packageDirs(join(prefix, 'lib', 'node_modules')).length);

    const testing = readFileSync(join(REPO, 'docs', 'testing.md'), 'utf8').replace(/\s+/g, ' ');
    expect(testing.match(/package\.test\.ts` .* fails above ([\d.]+) MB/)?.[1]).toBe(String(megabytes(MAX_UNPACKED_BYTES)));
  });

  it('loads every chunk the bundle asks for, and the keychain package, from the installed files', () => {
    // What the source loads on first use (src/lazy.ts): each a chunk's export, or the keychain's package.
    const wanted = Object.keys(lazy).filter((name) => name !== '@napi-rs/keyring');
    const bundle = readFileSync(join(installed, 'dist', 'wts.cjs'), 'latin1');
    const { chunks: set } = JSON.parse(readFileSync(join(installed, 'dist', 'build.json'), 'utf8'));
    const files = readdirSync(join(installed, 'dist', 'chunks', set));
    // The bundle names every chunk; a chunk is CommonJS (NAME.cjs, required) or, for packages with
    // top-level await (Ink), an ES module (NAME.mjs, imported).
    for (const file of files) expect(bundle).toContain(`${file}"`);
    const script = `
      const { pathToFileURL } = require('node:url');
      const dir = ${JSON.stringify(join(installed, 'dist', 'chunks', set))};
      const wanted = ${JSON.stringify(wanted)};
      (async () => {
        const served = new Map();
        for (const file of ${JSON.stringify(files)}) {
          const chunk = file.endsWith('.mjs') ? await import(pathToFileURL(dir + '/' + file).href) : require(dir + '/' + file);
          for (const [specifier, exports] of Object.entries(chunk)) {
            if (served.has(specifier)) throw new Error(specifier + ' is in ' + served.get(specifier) + ' and ' + file);
            if (!exports || Object.keys(exports).length === 0) throw new Error(file + ' has nothing for ' + specifier);
            served.set(specifier, file);
          }
        }
        const missing = wanted.filter((s) => !served.has(s));
        if (missing.length > 0) throw new Error('no chunk serves ' + missing.join(', '));
        const m = await import(require.resolve('@napi-rs/keyring', { paths: [${JSON.stringify(installed)}] }));
        if (typeof m.AsyncEntry !== 'function') throw new Error('no AsyncEntry in @napi-rs/keyring');
        console.log(wanted.length + ' imports served');
      })();`;
    const r = run(process.execPath, ['-e', script], { env: userEnv() });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${wanted.length} imports served\n`);
  });
});

describe('the installed wts', () => {
  it('prints its version, the build date and the Node version; alone, the help', () => {
    const version = wts(['--version']);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout).toMatch(
      new RegExp(`^wts ${pkg.version.replace(/\./g, '\\.')} \\(\\d{4}-\\d{2}-\\d{2}\\) node ${process.version}\\n$`),
    );
    const alone = wts([]);
    expect(alone).toMatchObject({ code: 0, stderr: '' });
    expect(alone.stdout).toMatch(/^Usage: wts \[options\] \[command\]/);
  });

  it('runs a sandbox, signs in to it with a browser, and lists workspaces', async () => {
    const started = await spawnSandbox(['--auto-approve', 'ada'], { command: join(prefix, 'bin', 'wts'), env: userEnv() });
    sandbox = started.child;
    const origin = started.origin;

    const record = join(dir, 'browser.json');
    const login = wts(['login', '--origin', origin, '--store', 'file'], {
      BROWSER: `${q(process.execPath)} ${q(FAKE_BROWSER)} --record ${q(record)}`,
    });
    expect(login.stderr).not.toMatch(/^wts: /m);
    expect(login.code).toBe(0);
    const credentials = join(home, '.config', 'wts', 'credentials.json');
    expectMode(credentials, 0o600);

    const list = wts(['workspace', 'list'], { WTS_ORIGIN: origin });
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toMatch(/^ws_support\tCustomer Support/m);

    // A friendly date: the date-phrase chunk, from the installed package.
    const due = wts(['task', 'edit', 'task_s001', '--due', 'tomorrow 17:00', '--json'], { WTS_ORIGIN: origin });
    expect(due.stderr).toBe('');
    expect(due.code).toBe(0);
    expect(JSON.parse(due.stdout)).toMatchObject({
      id: 'task_s001',
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00(\.000)?Z$/),
    });
  }, 60_000);
});
