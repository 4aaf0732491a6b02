#!/usr/bin/env node
// `npm run demo`: the main job of wts, with real commands, against the embedded sandbox. It builds if
// needed, starts `wts sandbox` on a free port, signs in through the real OAuth flow (auto-approved as
// the demo user ada; credentials in a temporary file store, so no keychain prompt), walks through the
// work, and stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const wts = join(root, 'bin', 'wts');
const tty = Boolean(process.stdout.isTTY);
const bold = (s) => (tty && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[22m` : s);
const dim = (s) => (tty && !process.env.NO_COLOR ? `\x1b[2m${s}\x1b[22m` : s);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// Build when dist/ is missing or older than src/.
const built = join(root, 'dist', 'wts.cjs');
if (!existsSync(built) || statSync(built).mtimeMs < newestMtime(join(root, 'src'))) {
  console.log(dim('building…'));
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const work = mkdtempSync(join(tmpdir(), 'wts-demo-'));
const sandbox = spawn(process.execPath, [wts, 'sandbox', '--port', '0', '--auto-approve', 'ada'], { stdio: ['ignore', 'pipe', 'inherit'] });
let stopping = false;
function stop(code) {
  stopping = true;
  sandbox.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => stop(130));
sandbox.on('exit', (code) => {
  if (!stopping) {
    console.error(`demo: the sandbox stopped unexpectedly (${code})`);
    stop(1);
  }
});

const [firstLine] = await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once('line', (line) => resolve([line])));
const origin = /listening on (\S+)/.exec(firstLine)?.[1];
if (!origin) {
  console.error(`demo: unexpected first line from the sandbox: ${firstLine}`);
  stop(1);
}
console.log(dim(firstLine));

// A clean environment: nothing from the user's own wts configuration leaks in.
const env = { ...process.env };
for (const name of Object.keys(env)) if (name.startsWith('WTS_')) delete env[name];
Object.assign(env, {
  WTS_CONFIG_DIR: join(work, 'config'),
  WTS_CREDENTIAL_STORE: 'file',
  BROWSER: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'scripts', 'demo-browser.mjs'))}`,
});

function run(args, why) {
  console.log(`\n${dim(`# ${why}`)}\n${bold(`$ wts ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`)}`);
  const result = spawnSync(process.execPath, [wts, ...args], { env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`demo: \`wts ${args.join(' ')}\` exited ${result.status}`);
    stop(1);
  }
}

/** Runs wts quietly and returns its JSON output, to pick the ids the next visible commands use. */
function read(args) {
  const result = spawnSync(process.execPath, [wts, ...args, '--json'], { env, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`demo: \`wts ${args.join(' ')} --json\` exited ${result.status}: ${result.stderr}`);
    stop(1);
  }
  return JSON.parse(result.stdout);
}

run(['login', '--origin', origin], 'Sign in: authorization code with PKCE on a loopback redirect (the sandbox approves as ada)');
run(['auth', 'status'], 'Who am I, with what, and where are the credentials kept?');
run(['workspace', 'list'], 'The workspaces this connection can open');
run(['task', 'board', 'ws_support', '--rows', '6'], 'The support board: its columns side by side, with their counts');
run(['inbox'], 'Everything waiting for a decision, across every task of every workspace');
const action = read(['inbox']).find((item) => item.kind === 'action');
if (!action) {
  console.error('demo: nothing in the inbox to approve');
  stop(1);
}
run(['approval', 'view', action.id], 'The full draft the agent wants to send');
run(['approval', 'approve', action.id], 'Approve it: the service carries the action out');
run(['task', 'view', action.taskId], "The task's details afterwards");
run(['schedule', 'view', 'sched_sales_digest'], 'A scheduled task');
const explain = spawnSync(process.execPath, [wts, 'schedule', 'explain', '--help'], { env, stdio: 'ignore' });
if (explain.status === 0) {
  const schedule = read(['schedule', 'view', 'sched_sales_digest']);
  run(['schedule', 'explain', schedule.cron, '--tz', schedule.timezone], 'Its next runs, in its timezone and locally');
}
run(['logout'], 'Sign out: the refresh token is revoked, then forgotten');
console.log(`\n${dim('demo: done; the sandbox is stopped and the temporary credentials removed.')}`);
stop(0);
