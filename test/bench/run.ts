// `npm run bench`: how much slower wts is than the floor a bare Node process sets for the same work,
// measured side by side in one run with hyperfine against sandboxes started here (loopback only).
// Prints every ratio with its goal and exits 1 when one misses it (2 when the bench itself cannot run).
//
//   start-up      wts --version                      vs node -e 0                          ≤ 1.15×
//   one request   wts workspace list --json          vs the same GET with node:http        ≤ 1.5×
//   a long list   wts task list ws_bulk --status all --all --json vs the columns, then pages of 50
//                 (the most the operation allows)
//                 over one keep-alive connection, 10,000 tasks                             ≤ 1.15×
//                 peak RSS at 10,000 tasks ≤ 100 MB, and flat: from 2,500 tasks on, growing no
//                 more than the floor's (± 5 MB)
//   completion    bash completing `wts wor<TAB>`     vs the same bash starting `node -e 0`  ≤ 1.2×
//   inbox         wts inbox over 2,000+ tasks, every answer 80 ms late (wts sandbox --latency 80):
//                 the one absolute goal                                                    ≤ 6 s
//   bulk          wts task complete - over 1,000 ids vs a node:http script making the same
//                 2,000 requests (every id read, then every one completed, as wts checks all
//                 before it changes any) over kept-alive connections, 64 at a time (the most
//                 wts's pool sends at once)                                                ≤ 1.3×
//                 and vs 1,000 separate `wts task complete ID` processes, one after another
//                 (a sample of 100, times 10)                                              ≥ 30× faster
//
//   far           over 10,000 tasks with every answer 80 ms late (wts sandbox --latency 80), absolute,
//                 each beside a node:http floor making the same requests as many at once:
//                 wts task list ws_bulk (30 rows, at most 4 requests)                      ≤ 1.0 s
//                 wts task list ws_bulk --limit 100                                        ≤ 1.5 s
//                 wts task board ws_bulk, on a terminal (under script(1), both sides)      ≤ 1.5 s
//                 wts inbox --json over the organization (two walks per workspace, checks
//                 as tasks are listed, 128 in flight)                                      ≤ 12 s
//                 wts dash on a 120×40 terminal, from spawn to the first row of service
//                 data on its screen (floor-dash.mjs: the first load's requests, each
//                 section printed as soon as it has come)                                  ≤ 2 s
//
// Signed in as users are: before each section `wts login --store file` signs in into a configuration of
// its own, and wts runs with nothing else set (no WTS_TOKEN); the one-request pair is run again with the
// credentials in the keychain where a Secret Service answers (dbus-run-session and gnome-keyring, as .ci/run).
// The floors read a token of their own from FLOOR_TOKEN: a floor is what the requests cost with nothing
// else. Each section prints the machine and its load average as it starts; the end, a markdown table.
//
// wts runs with a code cache of its own (WTS_CACHE_DIR in a temporary directory), written by the first,
// untimed run, as for a user after the first run following an install; the one-request case is also
// shown without one, for the record.
//
// `npm run bench -- inbox` (or any of start-up, request, list, completion, inbox, bulk, far) runs only the
// sections named, starting only the sandboxes they use.
//
// Runs alternate between the two sides of a pair, and ratios are of medians: on a shared machine a change
// of load weighs on both sides alike, and a stray slow run moves a median little.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, cpus, hostname, loadavg, tmpdir, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord } from '../../src/type-guards.js';
import { signIn } from '../helpers/auth.js';
import { secretServiceProblem } from '../helpers/secret-service.js';
import { fakeBrowserCommand } from '../helpers/wts-process.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BENCH = fileURLToPath(new URL('.', import.meta.url));
// BENCH_WTS: another build's bin/wts, to compare two builds against the same floors in one harness. The
// sandboxes are this build's either way (SANDBOX), so two builds are timed against the same service.
const SANDBOX = join(REPO, 'bin', 'wts');
const WTS = process.env.BENCH_WTS ?? SANDBOX;
const NODE = process.execPath;
const BULK = 'ws_bulk';
const MB = 1024 * 1024;
/** Tasks seeded for the inbox measure, besides the sandbox's own. */
const INBOX_TASKS = 2000;
/** Ids a bulk run acts on. */
const BULK_IDS = 1000;
/** Of the separate processes a script would otherwise start, one per id: how many are timed. */
const PROCESS_SAMPLE = 100;

/** A word for hyperfine's command line (it splits commands the way a shell does). */
const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const command = (...words: string[]) => words.map(q).join(' ');
const ms = (seconds: number) => `${(seconds * 1000).toFixed(1)} ms`;

class BenchError extends Error {}

// ---- The machine and the harness ------------------------------------------------------------------

/** hyperfine's version line; exits 2 with how to install it when there is none, or one without -N (1.13). */
function hyperfineVersion(): string {
  const r = spawnSync('hyperfine', ['--version'], { encoding: 'utf8' });
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(r.stdout ?? '') ?? []).slice(1).map(Number);
  if (r.error || r.status !== 0 || major * 1000 + minor < 1013) {
    process.stderr.write(
      `bench: ${r.error ? 'hyperfine is not installed' : `needs hyperfine 1.13 or later, found ${r.stdout.trim()}`}. On Debian or Ubuntu: sudo apt-get install hyperfine\n` +
        '       elsewhere: https://github.com/sharkdp/hyperfine#installation\n',
    );
    process.exit(2);
  }
  return r.stdout.trim();
}

function machine(): string {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown CPU';
  return `${availableParallelism()} CPUs (${model.trim()}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}`;
}

/**
 * This environment without anything that would change what wts or Node does, plus `extra`. A user's
 * machine usually has no NODE_EXTRA_CA_CERTS; where it is set (as on our shared machines, to the whole
 * system bundle) Node parses every certificate in it at start, ~45 ms on both sides of every ratio: the
 * bench runs as users do, without it.
 */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const dropped = ['BROWSER', 'NODE_OPTIONS', 'FORCE_COLOR', 'NODE_EXTRA_CA_CERTS'];
  const kept = Object.entries(process.env).filter(([k]) => !k.startsWith('WTS_') && !dropped.includes(k));
  return { ...Object.fromEntries(kept), NO_COLOR: '1', ...extra };
}

interface Timing {
  command: string;
  median: number; // seconds
  mean: number;
  stddev: number;
  runs: number;
}

function summarize(command: string, times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const stddev = Math.sqrt(times.reduce((a, t) => a + (t - mean) ** 2, 0) / Math.max(1, times.length - 1));
  return { command, median, mean, stddev, runs: times.length };
}

/**
 * Times `commands` with hyperfine, one run of each per round for `rounds` rounds, the order reversed
 * every other round: a machine whose load changes during the bench weighs on every command alike.
 * The first round is preceded by `warmup` runs of each, not counted.
 */
function hyperfine(commands: string[], env: NodeJS.ProcessEnv, options: { rounds: number; warmup: number }): Timing[] {
  const dir = mkdtempSync(join(tmpdir(), 'wts-bench-'));
  const file = join(dir, 'hyperfine.json');
  const times = commands.map(() => [] as number[]);
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = commands.map((_, i) => (round % 2 ? commands.length - 1 - i : i));
      const warmup = round === 0 ? options.warmup : 0;
      const args = [
        '-N',
        '--style',
        'none',
        '--warmup',
        String(warmup),
        '--runs',
        '1',
        '--export-json',
        file,
        ...order.map((i) => commands[i]!),
      ];
      const r = spawnSync('hyperfine', args, { env, encoding: 'utf8' });
      if (r.status !== 0) throw new BenchError(`hyperfine failed:\n${r.stderr}${r.stdout}`);
      const { results } = JSON.parse(readFileSync(file, 'utf8')) as { results: { times: number[] }[] };
      for (const [k, result] of results.entries()) times[order[k]!]!.push(...result.times);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return commands.map((command, i) => summarize(command, times[i]!));
}

// ---- The sandboxes ----------------------------------------------------------------------------------

interface Sandbox {
  origin: string;
  requests(): Promise<number>;
  /** Ends the sandbox; resolves once it has exited (it may write its code cache as it does). */
  stop(): Promise<void>;
}

/** `wts sandbox --seed-tasks N`, auto-approving sign-ins, on a free loopback port; its log goes to `logFile`. */
function startSandbox(seedTasks: number, logFile: string, env: NodeJS.ProcessEnv, extra: string[] = []): Promise<Sandbox> {
  // A file, not a pipe: this process blocks while hyperfine runs, and a full pipe would stall the sandbox.
  const log = openSync(logFile, 'w');
  const child = spawn(NODE, [SANDBOX, 'sandbox', '--auto-approve', 'ada', '--seed-tasks', String(seedTasks), ...extra], {
    env,
    stdio: ['ignore', 'pipe', log],
  });
  closeSync(log);
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => fail('did not start within 20 s'), 20_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill();
      reject(new BenchError(`the sandbox ${why}\n${readFileSync(logFile, 'utf8')}`));
    };
    child.on('exit', (code) => fail(`exited (${code})`));
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString('utf8');
      const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      if (!origin) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        origin,
        requests: () => sandboxStats(origin).then((stats) => stats.requests),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * What the sandbox counted: the API's requests, and the tokens it refreshed (all its connections). On a
 * connection of its own: a kept-alive one may be closed under us between runs.
 */
function sandboxStats(origin: string): Promise<{ requests: number; refreshes: number }> {
  return new Promise((resolve, reject) => {
    get(`${origin}/__sandbox/stats`, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text) as { requests: number; refreshes: number }));
    }).on('error', reject);
  });
}

/** A person signed in for the timed runs: wts finds the credentials where `wts login` put them. */
interface User {
  /** For both sides: wts's configuration (no WTS_ORIGIN, no WTS_TOKEN), and FLOOR_ORIGIN and FLOOR_TOKEN for the floor. */
  env: NodeJS.ProcessEnv;
  store: 'file' | 'keychain';
}

/** `wts login --store STORE` as a person runs it, the browser a stand-in (the sandbox approves every sign-in). */
function login(origin: string, env: NodeJS.ProcessEnv, configDir: string, store: User['store']): Promise<void> {
  const browser = fakeBrowserCommand(join(configDir, 'browser.json'));
  const child = spawn(NODE, [WTS, 'login', '--origin', origin, '--store', store], {
    env: { ...env, WTS_CONFIG_DIR: configDir, BROWSER: browser },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout.on('data', (d: Buffer) => (said += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (said += d.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BenchError(`wts login --store ${store} failed (${code}):\n${said}`))));
  });
}

/**
 * Signs in as users are: wts by `wts login` into a configuration directory of its own, its credentials in
 * the file store (or the keychain), used with nothing else set; the floor with a token of its own
 * (FLOOR_TOKEN): two sign-ins, two connections, so neither side's requests count against the other's
 * share of the sandbox's rate limit. Each section signs in just before it runs: the sandbox's tokens last
 * an hour, so no token is refreshed while a section is timed (noRefreshes checks it).
 */
async function signedIn(sandbox: Sandbox, env: NodeJS.ProcessEnv, store: User['store'] = 'file'): Promise<User> {
  const configDir = mkdtempSync(join(env.WTS_CONFIG_DIR!, `user-${store}-`));
  const [floor] = await Promise.all([signIn(sandbox.origin), login(sandbox.origin, env, configDir, store)]);
  return { env: { ...env, WTS_CONFIG_DIR: configDir, FLOOR_ORIGIN: sandbox.origin, FLOOR_TOKEN: floor.access_token }, store };
}

/** After a section: no token was refreshed on `sandbox` (a refresh would be timed as part of a run). */
async function noRefreshes(sandbox: Sandbox): Promise<void> {
  const { refreshes } = await sandboxStats(sandbox.origin);
  if (refreshes > 0) throw new BenchError(`the sandbox refreshed ${refreshes} tokens during the timed runs: sign in closer to them`);
}

/** `wts logout`: the sign-in's tokens revoked and its keychain entry removed. */
function logout(user: User): void {
  const r = spawnSync(NODE, [WTS, 'logout'], { env: user.env, encoding: 'utf8' });
  if (r.status !== 0) throw new BenchError(`wts logout failed (${r.status}): ${r.stderr}`);
}

/** Why wts cannot keep credentials in the keychain here (no D-Bus session, or the probe failed), or undefined. */
async function keychainProblem(): Promise<string | undefined> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS)
    return 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)';
  return secretServiceProblem('bench');
}

// ---- Sections and verdicts ---------------------------------------------------------------------

/** The machine's load average over 1, 5 and 15 minutes, as uptime prints it. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** A section's heading, with the machine and its load as the section starts: a figure is read with its conditions. */
function section(title: string): void {
  console.log(`\n${title}`);
  console.log(`    on ${hostname()}, load average ${load()}`);
}

interface Verdict {
  name: string;
  /** The medians of the floor and of wts, when the verdict is of a pair. */
  floor?: string;
  wts?: string;
  figure: string;
  goal: string;
  /** Undefined: not measured here (why in `figure`). */
  met?: boolean;
}

const verdicts: Verdict[] = [];

function judge(verdict: Verdict): void {
  verdicts.push(verdict);
  const mark = verdict.met === undefined ? 'skip' : verdict.met ? 'ok  ' : 'MISS';
  console.log(`    ${mark} ${verdict.figure} (goal ${verdict.goal})`);
}

/** Prints a side-by-side pair: each side's median, mean and runs. */
function showPair([floor, wts]: Timing[], shown?: [floor: string, wts: string]): void {
  for (const [side, t, text] of [
    ['floor', floor!, shown?.[0]],
    ['wts', wts!, shown?.[1]],
  ] as const) {
    const what = text ?? t.command.replaceAll(REPO, '').replace(NODE, 'node');
    console.log(
      `    ${side.padEnd(5)} ${ms(t.median).padStart(10)} median, ${ms(t.mean)} ± ${ms(t.stddev)} mean, ${t.runs} runs   ${what}`,
    );
  }
}

/** Prints a side-by-side pair and judges the ratio of medians against `goal`. */
function compare(name: string, timings: Timing[], goal: number, shown?: [floor: string, wts: string]): void {
  showPair(timings, shown);
  const [floor, wts] = [timings[0]!.median, timings[1]!.median];
  const ratio = wts / floor;
  judge({ name, floor: ms(floor), wts: ms(wts), figure: `${ratio.toFixed(3)}×`, goal: `≤ ${goal}×`, met: ratio <= goal });
}

/** Judges the median of wts's runs (the second of a pair, beside its floor) against an absolute goal in seconds. */
function within(name: string, timings: Timing[], goal: number): void {
  const [floor, wts] = timings.length > 1 ? [timings[0]!.median, timings[1]!.median] : [undefined, timings[0]!.median];
  if (floor !== undefined) console.log(`    info  ${(wts / floor).toFixed(3)}× the floor (no goal)`);
  judge({
    name,
    ...(floor !== undefined && { floor: ms(floor) }),
    wts: ms(wts),
    figure: `${ms(wts)} median`,
    goal: `≤ ${goal} s`,
    met: wts <= goal,
  });
}

/** The verdicts as a markdown table, to paste into docs/performance.md or docs/performance-far.md. */
function summaryTable(): string {
  const rows = verdicts.map((v) =>
    [v.name, v.floor ?? '—', v.wts ?? '—', v.figure, v.goal, v.met === undefined ? 'skipped' : v.met ? 'yes' : '**no**'].join(' | '),
  );
  return [
    '| section | floor | wts | ratio or time | goal | met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** Runs `node ...args` once with the peak-RSS probe; returns what it printed and its peak RSS in bytes. */
function probed(args: string[], env: NodeJS.ProcessEnv): { stdout: string; rss: number } {
  const dir = mkdtempSync(join(tmpdir(), 'wts-bench-rss-'));
  const rssFile = join(dir, 'rss');
  try {
    const r = spawnSync(NODE, args, {
      env: { ...env, NODE_OPTIONS: `--require ${q(join(BENCH, 'max-rss.cjs'))}`, BENCH_RSS_FILE: rssFile },
      encoding: 'utf8',
      maxBuffer: 256 * MB,
    });
    if (r.status !== 0) throw new BenchError(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    return { stdout: r.stdout, rss: Number(readFileSync(rssFile, 'utf8').trim()) * 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- The measurements -------------------------------------------------------------------------------

function startUp(env: NodeJS.ProcessEnv): void {
  section('(a) start-up: `wts --version` against `node -e 0`');
  compare('start-up', hyperfine([command(NODE, '-e', '0'), command(NODE, WTS, '--version')], env, { rounds: 40, warmup: 3 }), 1.15);
}

/** `wts workspace list --json` against its floor, signed in as `user` (the file store, or the keychain). */
function requestPair(user: User, rounds: number): Timing[] {
  const floor = [join(BENCH, 'floor-get.mjs')];
  const wts = [WTS, 'workspace', 'list', '--json'];
  if (probed(floor, user.env).stdout !== probed(wts, user.env).stdout)
    throw new BenchError(`the floor and wts (credentials in the ${user.store} store) printed different workspace lists`);
  return hyperfine([command(NODE, ...floor), command(NODE, ...wts)], user.env, { rounds, warmup: 3 });
}

function oneRequest(user: User): void {
  section('(b) one request: `wts workspace list --json` against the same GET with node:http, credentials in the file store');
  compare('one request', requestPair(user, 60), 1.5);
  // For the record, not a goal: a run with no code cache to use (the first after an install or an upgrade).
  // WTS_CACHE_DIR under a file: bin/wts can neither read nor write one.
  const configDir = user.env.WTS_CONFIG_DIR!;
  const noCache = { ...user.env, WTS_CACHE_DIR: join(configDir, 'not-a-directory', 'cache') };
  writeFileSync(join(configDir, 'not-a-directory'), '');
  const floor = [join(BENCH, 'floor-get.mjs')];
  const wts = [WTS, 'workspace', 'list', '--json'];
  const [floorT, coldT] = hyperfine([command(NODE, ...floor), command(NODE, ...wts)], noCache, { rounds: 10, warmup: 1 });
  console.log(
    `    info  without a code cache: ${ms(coldT!.median)} median against ${ms(floorT!.median)}, ${(coldT!.median / floorT!.median).toFixed(3)}× (no goal)`,
  );
}

/** The same pair with the credentials in the keychain (a Secret Service), when one can be used here. */
async function oneRequestKeychain(sandbox: Sandbox, env: NodeJS.ProcessEnv): Promise<void> {
  section('(b) one request, credentials in the keychain: the same pair, wts reading its token from the Secret Service');
  const problem = await keychainProblem();
  if (problem) {
    judge({ name: 'request (keychain)', figure: `skipped: ${problem}`, goal: '≤ 1.5×' });
    console.log('    (run it in a D-Bus session with gnome-keyring unlocked: docs/performance.md, "The keychain")');
    return;
  }
  const user = await signedIn(sandbox, env, 'keychain');
  try {
    compare('request (keychain)', requestPair(user, 60), 1.5);
  } finally {
    logout(user);
  }
}

/** `small` and `large` sign-ins are for the checked runs under the RSS probe; `timed`, on `large`, for hyperfine's. */
async function longList(
  small: { sandbox: Sandbox; env: NodeJS.ProcessEnv },
  large: { sandbox: Sandbox; env: NodeJS.ProcessEnv },
  timed: NodeJS.ProcessEnv,
): Promise<void> {
  section(
    `(c) a long list: \`wts task list ${BULK} --status all --all --json\` over 10,000 tasks against pages of 50 over one keep-alive connection`,
  );
  const floor = [join(BENCH, 'floor-pages.mjs'), BULK];
  // Every column: by default the list is open work only, one listing per column.
  const wts = [WTS, 'task', 'list', BULK, '--status', 'all', '--all', '--json'];
  const rss: Record<number, Record<'floor' | 'wts', number[]>> = {};
  let pagesPerRun = 0;
  for (const [count, { sandbox, env: signedInEnv }] of [
    [2500, small],
    [10_000, large],
  ] as const) {
    // Three runs of each side under the RSS probe, alternating. The first runs are checked: both sides
    // print the same tasks after the same number of requests.
    const runs: Record<'floor' | 'wts', { stdout: string; rss: number; requests: number }[]> = { floor: [], wts: [] };
    for (let i = 0; i < 3; i++) {
      for (const side of ['floor', 'wts'] as const) {
        const before = await sandbox.requests();
        const run = probed(side === 'floor' ? floor : wts, signedInEnv);
        runs[side].push({ ...run, requests: (await sandbox.requests()) - before });
      }
    }
    const [f, w] = [runs.floor[0]!, runs.wts[0]!];
    if ((JSON.parse(w.stdout) as unknown[]).length !== count)
      throw new BenchError(`wts listed ${(JSON.parse(w.stdout) as unknown[]).length} tasks, not ${count}`);
    if (f.stdout !== w.stdout) throw new BenchError(`the floor and wts printed different listings of ${count} tasks`);
    if (f.requests !== w.requests) throw new BenchError(`for ${count} tasks the floor made ${f.requests} requests and wts ${w.requests}`);
    rss[count] = { floor: runs.floor.map((r) => r.rss), wts: runs.wts.map((r) => r.rss) };
    if (count === 10_000) pagesPerRun = w.requests;
  }

  console.log(`    checked: both sides print the same 2,500 and 10,000 tasks, ${pagesPerRun} requests each over 10,000`);
  // 11 runs of 200 requests a side: within the sandbox's 6,000 a minute for each sign-in.
  const options = { rounds: 10, warmup: 1 };
  const before = await large.sandbox.requests();
  const timings = hyperfine([command(NODE, ...floor), command(NODE, ...wts)], timed, options);
  // Both sides must have made exactly their pages: a retry after a 429 or an error would show here.
  const made = (await large.sandbox.requests()) - before;
  const expected = (options.warmup + options.rounds) * 2 * pagesPerRun;
  if (made !== expected) throw new BenchError(`the sandbox saw ${made} requests during the timed runs, not ${expected}: retries?`);
  compare('long list', timings, 1.15);

  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log('\n(c) peak memory: max RSS, median and highest of three runs each');
  for (const count of [2500, 10_000]) {
    const line = (side: 'floor' | 'wts') => `${mb(median(rss[count]![side])).padStart(8)} (${mb(Math.max(...rss[count]![side]))})`;
    console.log(`    ${count.toLocaleString('en').padStart(6)} tasks: floor ${line('floor')}, wts ${line('wts')}`);
  }
  const peak = Math.max(...rss[10_000]!.wts);
  judge({
    name: 'long list memory',
    wts: mb(peak),
    figure: `wts peak ${mb(peak)} at 10,000 tasks`,
    goal: '≤ 100 MB',
    met: peak <= 100 * MB,
  });
  // Flat: wts grows with the count no more than the floor, which holds nothing, give or take 5 MB. (Holding
  // the 7,500 more tasks costs about 10 MB: measured with a floor that keeps every item.)
  const growth = (side: 'floor' | 'wts') => median(rss[10_000]![side]) - median(rss[2500]![side]);
  const more = growth('wts') - growth('floor');
  const compared = more < 0 ? `${mb(-more)} less` : `${mb(more)} more`;
  judge({
    name: 'long list flat',
    floor: `+${mb(growth('floor'))}`,
    wts: `+${mb(growth('wts'))}`,
    figure: `from 2,500 to 10,000 tasks wts grows ${mb(growth('wts'))}, the floor ${mb(growth('floor'))}: ${compared}`,
    goal: '≤ 5 MB more',
    met: more <= 5 * MB,
  });
}

/** The bash completion script in completions/ and the function it registers for wts, if there is one. */
function bashCompletion(): { file: string; fn: string } | undefined {
  const dir = join(REPO, 'completions');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /bash/.test(f)) : [];
  for (const name of files) {
    const file = join(dir, name);
    const fn = /complete\b[^\n]*?-F\s+(\S+)[^\n]*\bwts\b/.exec(readFileSync(file, 'utf8'))?.[1];
    if (fn) return { file, fn };
  }
  return undefined;
}

function completion(env: NodeJS.ProcessEnv): void {
  section('(d) completion: bash completing `wts wor<TAB>` against the same bash starting `node -e 0`');
  const found = bashCompletion();
  if (!found) {
    console.log('    completion: not measured (no completion yet)');
    return;
  }
  // Both sides start bash and source the script, as a shell does once; what differs is the TAB itself
  // against the least a completion that asks Node would cost.
  const setup = `source ${q(found.file)}`;
  const tab = `${setup}; COMP_WORDS=(wts wor); COMP_CWORD=1; COMP_LINE='wts wor'; COMP_POINT=7; ${found.fn} wts wor wts; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const floor = `${setup}; ${q(NODE)} -e 0`;
  const check = spawnSync('bash', ['--norc', '--noprofile', '-c', tab], { env, encoding: 'utf8' });
  if (!check.stdout.split('\n').includes('workspace'))
    throw new BenchError(`completing \`wts wor\` did not offer "workspace":\n${check.stdout}${check.stderr}`);
  compare(
    'completion',
    hyperfine([command('bash', '--norc', '--noprofile', '-c', floor), command('bash', '--norc', '--noprofile', '-c', tab)], env, {
      rounds: 30,
      warmup: 3,
    }),
    1.2,
    [
      `bash: source completions/${basename(found.file)}; node -e 0`,
      `bash: source completions/${basename(found.file)}; complete \`wts wor\` with ${found.fn}`,
    ],
  );
}

/** The inbox over 2,000 tasks and more, with 80 ms of latency on every answer: the one absolute goal. */
async function inbox(sandbox: Sandbox, user: User): Promise<void> {
  section(`(e) inbox: \`wts inbox\` over ${INBOX_TASKS.toLocaleString('en')}+ tasks, every answer 80 ms late`);
  const wts = [WTS, 'inbox'];
  const before = await sandbox.requests();
  const check = probed(wts, user.env);
  const requests = (await sandbox.requests()) - before;
  console.log(`    checked: ${requests} requests, ${check.stdout.split('\n').filter(Boolean).length} items`);
  const [t] = hyperfine([command(NODE, ...wts)], user.env, { rounds: 5, warmup: 0 });
  console.log(`    wts   ${ms(t!.median).padStart(10)} median, ${ms(t!.mean)} ± ${ms(t!.stddev)} mean, ${t!.runs} runs   wts inbox`);
  within('inbox', [t!], 6);
}

/** `wts task complete -` over 1,000 ids against its node:http floor, and against a process per id. */
async function bulk(sandbox: Sandbox, user: User): Promise<void> {
  section(
    `(f) bulk: \`wts task complete -\` over ${BULK_IDS.toLocaleString('en')} ids against node:http making the same requests (every id read, then every one completed), 64 at a time over kept-alive connections`,
  );
  const ids = join(user.env.WTS_CONFIG_DIR!, 'bulk-ids.txt');
  writeFileSync(ids, Array.from({ length: BULK_IDS }, (_, i) => `task_bulk_${i + 1}\n`).join(''));
  const scripts = [`${q(NODE)} ${q(join(BENCH, 'floor-bulk.mjs'))} < ${q(ids)}`, `${q(NODE)} ${q(WTS)} task complete - < ${q(ids)}`];
  // Checked first: both print the same line for every id, after the same requests (completing a task that
  // is done already changes nothing, so the runs can repeat).
  const outputs: string[] = [];
  const made: number[] = [];
  for (const script of scripts) {
    const before = await sandbox.requests();
    const r = spawnSync('sh', ['-c', script], { env: user.env, encoding: 'utf8', maxBuffer: 64 * MB });
    if (r.status !== 0) throw new BenchError(`${script} failed (${r.status}): ${r.stderr}`);
    made.push((await sandbox.requests()) - before);
    outputs.push(r.stdout);
  }
  if (made[0] !== made[1]) throw new BenchError(`over ${BULK_IDS} ids the floor made ${made[0]} requests and wts ${made[1]}`);
  if (outputs[0] !== outputs[1]) throw new BenchError('the floor and wts printed different lines for the same 1,000 ids');
  if (outputs[1]!.split('\n').filter(Boolean).length !== BULK_IDS)
    throw new BenchError(`wts printed ${outputs[1]!.split('\n').filter(Boolean).length} lines, not ${BULK_IDS}`);
  console.log(`    checked: the same ${BULK_IDS.toLocaleString('en')} lines on both sides, after ${made[1]} requests each`);

  const timings = hyperfine(
    scripts.map((script) => command('sh', '-c', script)),
    user.env,
    { rounds: 10, warmup: 1 },
  );
  compare('bulk', timings, 1.3, [`node floor-bulk.mjs < ${BULK_IDS} ids`, `wts task complete - < ${BULK_IDS} ids`]);

  section(
    `(f) bulk against a process per id: ${PROCESS_SAMPLE} \`wts task complete ID\` one after another, as a shell loop runs them, times ${BULK_IDS / PROCESS_SAMPLE}`,
  );
  const loop = command(
    'sh',
    '-c',
    `for id in $(head -n ${PROCESS_SAMPLE} ${q(ids)}); do ${q(NODE)} ${q(WTS)} task complete "$id" > /dev/null || exit 1; done`,
  );
  const [sample] = hyperfine([loop], user.env, { rounds: 3, warmup: 0 });
  const processes = (sample!.median * BULK_IDS) / PROCESS_SAMPLE;
  console.log(
    `    loop  ${ms(sample!.median).padStart(10)} median for ${PROCESS_SAMPLE}, ${sample!.runs} runs; ${BULK_IDS.toLocaleString('en')} processes ≈ ${ms(processes)} (extrapolated)`,
  );
  const faster = processes / timings[1]!.median;
  judge({
    name: 'bulk vs processes',
    wts: ms(timings[1]!.median),
    figure: `${faster.toFixed(1)}× faster than ${BULK_IDS.toLocaleString('en')} processes (extrapolated from ${PROCESS_SAMPLE}: ${ms(processes)})`,
    goal: '≥ 30×',
    met: faster >= 30,
  });
}

/** A far, large service: what a list, a board and the inbox cost over 10,000 tasks with 80 ms on every answer. */
interface FarCase {
  name: string;
  title: string;
  floor: string[];
  wts: string[];
  /** Run on a terminal: both sides under script(1), wts without a pager. */
  terminal?: boolean;
  /** The ids shown, from what the command printed. */
  ids: (stdout: string) => string[];
  goal: number;
  /** The most requests wts may make. */
  requests?: number;
}

async function farLists(sandbox: Sandbox, user: User): Promise<void> {
  const floorFar = join(BENCH, 'floor-far.mjs');
  const firstFields = (stdout: string) =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0]!);
  const cases: FarCase[] = [
    {
      name: 'far list',
      title: `\`wts task list ${BULK}\` (30 rows)`,
      floor: [floorFar, 'list', BULK, '30'],
      wts: [WTS, 'task', 'list', BULK],
      ids: firstFields,
      goal: 1.0,
      requests: 4,
    },
    {
      name: 'far list 100',
      title: `\`wts task list ${BULK} --limit 100\``,
      floor: [floorFar, 'list', BULK, '100'],
      wts: [WTS, 'task', 'list', BULK, '--limit', '100'],
      ids: firstFields,
      goal: 1.5,
    },
    {
      name: 'far board',
      title: `\`wts task board ${BULK}\` on a terminal`,
      floor: [floorFar, 'board', BULK],
      wts: [WTS, 'task', 'board', BULK, '--no-pager'],
      terminal: true,
      ids: (stdout) => stdout.match(/task_\w+/g) ?? [],
      goal: 1.5,
    },
  ];
  const line = (words: string[], terminal?: boolean) =>
    terminal ? command('script', '-qec', command(NODE, ...words), '/dev/null') : command(NODE, ...words);
  for (const c of cases) {
    section(`(g) far: ${c.title} over 10,000 tasks, every answer 80 ms late`);
    // Checked first: both sides show the same ids after the same number of requests.
    const made: number[] = [];
    const shown: string[][] = [];
    for (const words of [c.floor, c.wts]) {
      const before = await sandbox.requests();
      const r = c.terminal
        ? spawnSync('script', ['-qec', command(NODE, ...words), '/dev/null'], { env: user.env, encoding: 'utf8' })
        : spawnSync(NODE, words, { env: user.env, encoding: 'utf8', maxBuffer: 64 * MB });
      if (r.status !== 0) throw new BenchError(`${words.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
      made.push((await sandbox.requests()) - before);
      shown.push(c.ids(r.stdout));
    }
    if (shown[0]!.join() !== shown[1]!.join())
      throw new BenchError(`${c.name}: the floor showed ${shown[0]!.length} ids and wts ${shown[1]!.length}, not the same`);
    if (made[0] !== made[1]) throw new BenchError(`${c.name}: the floor made ${made[0]} requests and wts ${made[1]}`);
    console.log(`    checked: ${made[1]} requests on each side, the same ${shown[1]!.length} ids shown`);
    const timings = hyperfine([line(c.floor, c.terminal), line(c.wts, c.terminal)], user.env, { rounds: 10, warmup: 1 });
    showPair(timings);
    within(c.name, timings, c.goal);
    if (c.requests !== undefined)
      judge({ name: `${c.name} requests`, figure: `${made[1]} requests`, goal: `≤ ${c.requests}`, met: made[1]! <= c.requests });
  }
}

/** The inbox over the whole organization, beside a floor making the same requests as many at once. */
async function farInbox(sandbox: Sandbox, user: User): Promise<void> {
  section('(g) far: `wts inbox --json` over 10,000 more tasks, every answer 80 ms late');
  const floor = [join(BENCH, 'floor-inbox.mjs')];
  const wts = [WTS, 'inbox', '--json'];
  const made: number[] = [];
  const shown: string[] = [];
  for (const [words, ids] of [
    [floor, (out: string) => out],
    [wts, (out: string) => (JSON.parse(out) as { id: string }[]).map((a) => `${a.id}\n`).join('')],
  ] as const) {
    const before = await sandbox.requests();
    const r = spawnSync(NODE, words, { env: user.env, encoding: 'utf8', maxBuffer: 64 * MB });
    if (r.status !== 0) throw new BenchError(`${words.join(' ')} failed (${r.status}): ${r.stderr}`);
    made.push((await sandbox.requests()) - before);
    shown.push(ids(r.stdout));
  }
  if (shown[0] !== shown[1]) throw new BenchError('far inbox: the floor and wts found different items');
  if (made[0] !== made[1]) throw new BenchError(`far inbox: the floor made ${made[0]} requests and wts ${made[1]}`);
  console.log(`    checked: ${made[1]} requests on each side, the same ${shown[1]!.split('\n').filter(Boolean).length} items`);
  const timings = hyperfine([command(NODE, ...floor), command(NODE, ...wts)], user.env, { rounds: 3, warmup: 0 });
  showPair(timings);
  within('far inbox', timings, 12);
}

/** The size of the terminal the dashboard is timed on. */
const DASH_SIZE = { columns: 120, rows: 40 };

/**
 * A row of service data on a screen: a list row, after its two-column marker (`› ` selected, `+ ` new,
 * or two spaces), that begins with a service id (`act_s101`, `task_bulk_7`, `sched_…`) and two spaces.
 * Any section's row counts, so it holds whichever section a dashboard draws first.
 */
const DATA_ROW = /^(?:› |\+ | {2})([a-z][a-z0-9]*_[\w-]+) {2}\S.*$/m;

/** What a terminal shows of `raw`, near enough to find a row: a cursor movement starts a line, other escapes go. */
function screenText(raw: string): string {
  return raw
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '')
    .replace(/\x1b\[[0-9;?<=>]*[ -/]*([@-~])/g, (_, final: string) => ('ABCDEFGHJf'.includes(final) ? '\n' : ''))
    .replace(/\x1b[()][0-9A-Za-z]|\x1b[^[\]]/g, '')
    .replace(/\r\n?/g, '\n');
}

interface FirstScreen {
  /** From spawn to the first row of service data on the screen. */
  seconds: number;
  /** That row. */
  row: string;
  /** From spawn to the process's own end, when it ended before it was ended (the floor, once it has loaded all). */
  endedAfter?: number;
}

/**
 * Runs `node ...words` on a pseudo-terminal (script(1), DASH_SIZE) and times it from spawn to the first
 * frame that shows a row of service data (DATA_ROW); then ends it, unless `untilEnd`: then waits for it
 * to end by itself too. Script's output is flushed as it comes (-f), so a frame is seen when it is drawn.
 */
function firstScreen(words: string[], env: NodeJS.ProcessEnv, untilEnd: boolean): Promise<FirstScreen> {
  const line = `stty cols ${DASH_SIZE.columns} rows ${DASH_SIZE.rows} && exec ${command(NODE, ...words)}`;
  const started = performance.now();
  // stdin a pipe left open: the dashboard reads keys from the terminal, and script ends at its stdin's end.
  const child = spawn('script', ['-qfec', line, '/dev/null'], { env: { ...env, TERM: 'xterm-256color' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let raw = '';
  let seen: { seconds: number; row: string } | undefined;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new BenchError(`${words.join(' ')} showed no row of service data within 300 s; its screen:\n${screenText(raw).slice(-3000)}`));
    }, 300_000);
    child.stdout.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
      if (seen) return;
      const row = DATA_ROW.exec(screenText(raw))?.[0];
      if (row === undefined) return;
      // The row as the list shows it, without the detail pane beside it.
      seen = { seconds: (performance.now() - started) / 1000, row: (row.split(' │ ')[0] ?? row).trimEnd() };
      // script hands a SIGTERM on to what it runs, and the dashboard leaves the terminal as it found it.
      if (!untilEnd) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const endedAfter = (performance.now() - started) / 1000;
      if (!seen)
        reject(
          new BenchError(
            `${words.join(' ')} ended (${code ?? signal}) before it showed a row of service data:\n${screenText(raw).slice(-3000)}`,
          ),
        );
      else if (untilEnd && code !== 0)
        reject(new BenchError(`${words.join(' ')} failed (${code ?? signal}):\n${screenText(raw).slice(-3000)}`));
      else resolve({ ...seen, ...(untilEnd && { endedAfter }) });
    });
  });
}

/** The id of the user `wts login` signed in (from its credentials file), whose tasks the dashboard's "My tasks" shows. */
function signedInUserId(user: User): string {
  const file: unknown = JSON.parse(readFileSync(join(user.env.WTS_CONFIG_DIR!, 'credentials.json'), 'utf8'));
  const entry = isRecord(file) && isRecord(file.credentials) ? file.credentials.default : undefined;
  const id = isRecord(entry) && isRecord(entry.user) ? entry.user.id : undefined;
  if (typeof id !== 'string') throw new BenchError('the sign-in did not say who signed in');
  return id;
}

/**
 * `wts dash`'s time to its first screen over 10,000 tasks 80 ms away: from spawn to the first row of
 * service data on a terminal, beside the floor making the first load's requests (floor-dash.mjs), which
 * prints each section as soon as it has it. Runs alternate; one untimed run of each writes the code cache.
 */
async function farDash(sandbox: Sandbox, user: User): Promise<void> {
  section(
    `(g) far: \`wts dash\`'s first screen over 10,000 more tasks, every answer 80 ms late, on a ${DASH_SIZE.columns}×${DASH_SIZE.rows} terminal: from spawn to the first row of service data`,
  );
  const floor = [join(BENCH, 'floor-dash.mjs'), signedInUserId(user)];
  const wts = [WTS, 'dash'];
  const rounds = 5;
  const times: Record<'floor' | 'wts' | 'loaded', number[]> = { floor: [], wts: [], loaded: [] };
  const made: Record<'floor' | 'wts', number> = { floor: 0, wts: 0 };
  const first: Record<'floor' | 'wts', string> = { floor: '', wts: '' };
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 ? (['floor', 'wts'] as const) : (['wts', 'floor'] as const);
    for (const side of order) {
      const before = await sandbox.requests();
      const seen = await firstScreen(side === 'floor' ? floor : wts, user.env, side === 'floor');
      const requests = (await sandbox.requests()) - before;
      // The first round writes the code cache and is not counted; it says what each side costs in requests.
      if (round < 0) {
        made[side] = requests;
        first[side] = seen.row;
        continue;
      }
      times[side].push(seen.seconds);
      if (seen.endedAfter !== undefined) times.loaded.push(seen.endedAfter);
    }
    // A run takes as long as the whole first load: each is shown as it ends.
    if (round >= 0)
      console.log(
        `    run ${round + 1}: floor ${ms(times.floor.at(-1) ?? 0)} (every section ${ms(times.loaded.at(-1) ?? 0)}), wts ${ms(times.wts.at(-1) ?? 0)}`,
      );
  }
  console.log(`    checked: the first row on the floor's screen \`${first.floor}\`, on wts's \`${first.wts}\``);
  console.log(`    info  requests: the floor's whole first load ${made.floor}; wts until it was ended at its first screen ${made.wts}`);
  const timings = [summarize('floor-dash.mjs (its first row)', times.floor), summarize('wts dash (its first row)', times.wts)];
  showPair(timings, [`node floor-dash.mjs: its first row (${rounds} runs)`, 'wts dash: its first row']);
  const loaded = summarize('floor-dash.mjs', times.loaded);
  console.log(
    `    info  the floor had every section after ${ms(loaded.median)} (median): a dashboard that waits for all of them can show nothing earlier`,
  );
  within('far dash first screen', timings, 2);
}

// ---- Main ---------------------------------------------------------------------------------------------

/** The sections, as named on the command line (`npm run bench -- inbox bulk`); none named: all of them. */
const SECTIONS = ['start-up', 'request', 'list', 'completion', 'inbox', 'bulk', 'far'] as const;
type Section = (typeof SECTIONS)[number];

function chosenSections(args: string[]): Set<Section> {
  const unknown = args.filter((a) => !(SECTIONS as readonly string[]).includes(a));
  if (unknown.length > 0) {
    process.stderr.write(`bench: no section ${unknown.map((a) => `"${a}"`).join(', ')}; name any of ${SECTIONS.join(', ')} (none: all)\n`);
    process.exit(2);
  }
  return new Set(args.length > 0 ? (args as Section[]) : SECTIONS);
}

async function main(): Promise<number> {
  const sections = chosenSections(process.argv.slice(2));
  const harness = hyperfineVersion();
  console.log(`wts bench: ${hostname()}, ${machine()}; ${harness}`);
  if (process.env.NODE_EXTRA_CA_CERTS)
    console.log("NODE_EXTRA_CA_CERTS is set here: unset for every command timed, as on a user's machine");
  const configDir = mkdtempSync(join(tmpdir(), 'wts-bench-config-'));
  // bin/wts's code cache in a directory of this run's own: the first run of each command writes it (a
  // warm-up run, not timed), as the first run after an install does for a user.
  const env = cleanEnv({ WTS_CONFIG_DIR: configDir, WTS_CACHE_DIR: join(configDir, 'code-cache') });
  const sandboxes: Sandbox[] = [];
  // Only the sandboxes the chosen sections use.
  const wanted = (...used: Section[]) => used.some((s) => sections.has(s));
  const sandbox = (use: boolean, start: () => Promise<Sandbox>): Promise<Sandbox | undefined> =>
    use ? start() : Promise.resolve(undefined);
  try {
    const started = await Promise.allSettled([
      sandbox(wanted('list'), () => startSandbox(2500, join(configDir, 'sandbox-2500.log'), env)),
      sandbox(wanted('request', 'list'), () => startSandbox(10_000, join(configDir, 'sandbox-10000.log'), env)),
      // No rate limit: the timed runs make more requests in a minute than its 6,000.
      sandbox(wanted('inbox'), () =>
        startSandbox(INBOX_TASKS, join(configDir, 'sandbox-inbox.log'), env, ['--latency', '80', '--rate-limit', '0']),
      ),
      // No rate limit either: 1,000 requests a run, on each side.
      sandbox(wanted('bulk'), () => startSandbox(BULK_IDS, join(configDir, 'sandbox-bulk.log'), env, ['--rate-limit', '0'])),
      // A far, large service; no rate limit: the inbox alone makes thousands of requests a run.
      sandbox(wanted('far'), () => startSandbox(10_000, join(configDir, 'sandbox-far.log'), env, ['--latency', '80', '--rate-limit', '0'])),
    ]);
    for (const s of started) if (s.status === 'fulfilled' && s.value) sandboxes.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [small, large, late, many, away] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    // Each section signs in just before it runs, so its tokens outlive it; none is refreshed on the way.
    const as = async (sandbox: Sandbox, run: (user: User) => void | Promise<void>) => {
      await run(await signedIn(sandbox, env));
      await noRefreshes(sandbox);
    };
    if (sections.has('start-up')) startUp(env);
    if (sections.has('request') && large) {
      await as(large, oneRequest);
      await oneRequestKeychain(large, env);
      await noRefreshes(large);
    }
    if (sections.has('list') && small && large) {
      const [smallList, largeList, timedList] = await Promise.all([signedIn(small, env), signedIn(large, env), signedIn(large, env)]);
      await longList({ sandbox: small, env: smallList.env }, { sandbox: large, env: largeList.env }, timedList.env);
      await Promise.all([noRefreshes(small), noRefreshes(large)]);
    }
    if (sections.has('completion')) completion(env);
    if (late) await as(late, (user) => inbox(late, user));
    if (many) await as(many, (user) => bulk(many, user));
    if (away) {
      await as(away, (user) => farLists(away, user));
      await as(away, (user) => farInbox(away, user));
      await as(away, (user) => farDash(away, user));
    }
  } catch (err) {
    process.stderr.write(`bench: ${err instanceof BenchError ? err.message : ((err as Error).stack ?? String(err))}\n`);
    return 2;
  } finally {
    // Before the directory goes: a sandbox writes bin/wts's code cache into it as it exits.
    await Promise.all(sandboxes.map((s) => s.stop()));
    rmSync(configDir, { recursive: true, force: true });
  }
  const missed = verdicts.filter((v) => v.met === false);
  const skipped = verdicts.filter((v) => v.met === undefined);
  const judged = verdicts.length - skipped.length;
  console.log(`\nSummary: ${hostname()}, ${machine()}; load average ${load()} at the end\n`);
  console.log(summaryTable());
  console.log(
    `\n${judged - missed.length} of ${judged} goals met${missed.length ? `; missed: ${missed.map((v) => v.name).join(', ')}` : ''}${skipped.length ? `; skipped: ${skipped.map((v) => v.name).join(', ')}` : ''}`,
  );
  return missed.length ? 1 : 0;
}

process.exitCode = await main();
