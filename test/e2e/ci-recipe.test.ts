// docs/ci.md's recipe, run as the page writes it: its fenced blocks are taken from the page and run by
// bash, changing only what the page says a reader changes (the origin https://tasks.example.com becomes
// the sandbox's). The workstation step signs CI in on a machine where a person is signed in; then two
// jobs of the workflow, each on a fresh runner, each past the access token's life: install (the wts under
// test stands for `npm install -g wts-cli@VERSION`, the version checked against package.json), restore
// the secret, run ci/check-schedules.sh as docs/schedules.md writes it, write the rotated file back
// (`gh secret set` is a stand-in keeping what it reads). The person stays signed in throughout, and the
// sandbox counts no revocation.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isRecord } from '../../src/type-guards.js';
import { runWts } from '../helpers/cli.js';
import { loginWithFakeBrowser, storedCredentials, workdir } from '../helpers/credentials.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { childEnv, REPO, setAutoApprove, WTS_BIN } from '../helpers/wts-process.js';

const sandbox = useSandbox({ signIn: false });

const DOC_ORIGIN = 'https://tasks.example.com';

/** The fenced blocks of a page of docs/, with their language. */
function fencedBlocks(page: string): { lang: string; text: string }[] {
  const text = readFileSync(join(REPO, 'docs', page), 'utf8');
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1] ?? '', text: m[2] ?? '' }));
}

function block(page: string, lang: string, starts: RegExp): string {
  const found = fencedBlocks(page).filter((b) => b.lang === lang && starts.test(b.text));
  expect(found, `one ${lang} block in docs/${page} matching ${starts}`).toHaveLength(1);
  return (found[0]?.text ?? '').replaceAll(DOC_ORIGIN, sandbox.origin);
}

/** bash -e on a script, as a GitHub step runs it; never sync: the sandbox runs in this process. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A directory for PATH: `wts` (the one under test) and `gh`, whose `gh secret set NAME` keeps stdin in secretsDir. */
function toolsDir(secretsDir: string): string {
  const bin = mkdtempSync(join(tmpdir(), 'wts-recipe-bin-'));
  writeFileSync(join(bin, 'wts'), `#!/bin/sh\nexec '${process.execPath}' '${WTS_BIN}' "$@"\n`);
  writeFileSync(
    join(bin, 'gh'),
    `#!/bin/sh\n[ "$1 $2" = "secret set" ] && [ -n "$3" ] || { echo "gh stand-in: only 'secret set NAME'" >&2; exit 1; }\ncat > '${secretsDir}'/"$3"\n`,
  );
  chmodSync(join(bin, 'wts'), 0o755);
  chmodSync(join(bin, 'gh'), 0o755);
  return bin;
}

/** `${{ secrets.NAME }}` in a workflow value, from the secret store. */
function expand(value: unknown, secretsDir: string): string {
  return String(value).replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g, (_, name: string) => {
    const file = join(secretsDir, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : `stand-in-for-${name}`;
  });
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function packageJson(): Record<string, unknown> {
  return record(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')));
}

interface StepResult {
  name: string;
  code: number;
  stdout: string;
  stderr: string;
}

/** One run of the workflow's job on a fresh runner, its steps as written. */
async function runJob(job: Record<string, unknown>, files: Record<string, string>, secretsDir: string, bin: string): Promise<StepResult[]> {
  const runner = mkdtempSync(join(tmpdir(), 'wts-recipe-runner-'));
  const workspace = join(runner, 'work');
  const temp = join(runner, 'temp');
  mkdirSync(temp);
  // actions/checkout: the repository's files.
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(workspace, path, '..'), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  const githubEnv = join(runner, 'github-env');
  writeFileSync(githubEnv, '');
  const jobEnv = Object.fromEntries(Object.entries(record(job.env)).map(([k, v]) => [k, expand(v, secretsDir)]));
  const base = childEnv({
    PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    HOME: runner,
    RUNNER_TEMP: temp,
    GITHUB_ENV: githubEnv,
    GITHUB_WORKSPACE: workspace,
    ...jobEnv,
  });
  const results: StepResult[] = [];
  let failed = false;
  const steps = Array.isArray(job.steps) ? job.steps.map(record) : [];
  for (const step of steps) {
    const name = String(step.name ?? step.uses ?? step.run);
    if (typeof step.uses === 'string') {
      expect(step.uses, name).toMatch(/^actions\/(checkout|setup-node)@v\d+$/);
      if (step.uses.startsWith('actions/setup-node')) {
        const wanted = Number(record(step.with)['node-version']);
        const engines = String(record(packageJson().engines).node);
        expect(wanted, 'setup-node gives a Node wts supports').toBeGreaterThanOrEqual(Number(/\d+/.exec(engines)?.[0]));
      }
      continue;
    }
    const run = String(step.run);
    const install = /^npm install -g wts-cli@(\S+)$/.exec(run.trim());
    if (install) {
      // The wts under test on PATH stands for the published package of this version.
      expect(install[1], 'the recipe installs the current version').toBe(packageJson().version);
      continue;
    }
    const condition = String(step.if ?? '');
    if (failed && !condition.includes('always()')) continue;
    // The variables earlier steps added with $GITHUB_ENV.
    const added = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const stepEnv = Object.fromEntries(Object.entries(record(step.env)).map(([k, v]) => [k, expand(v, secretsDir)]));
    const env = { ...base, ...added, ...stepEnv };
    if (condition.includes("env.WTS_CREDENTIALS_FILE != ''") && !env.WTS_CREDENTIALS_FILE) continue;
    const r = await bash(run, workspace, env);
    results.push({ name, ...r });
    if (r.code !== 0) failed = true;
  }
  return results;
}

describe('docs/ci.md, as written', () => {
  it('signs CI in beside a signed-in person, and runs two jobs that rotate and write back: no revocation', async () => {
    const secretsDir = mkdtempSync(join(tmpdir(), 'wts-recipe-secrets-'));
    const bin = toolsDir(secretsDir);
    // The person, signed in as themselves (their profile, a file store in their configuration directory).
    const person = workdir();
    expect((await loginWithFakeBrowser(sandbox.origin, person)).code).toBe(0);
    const personEnv = { WTS_CONFIG_DIR: person.configDir };

    // Starting schedules as code: schedules.yaml from the service, as the page's block makes it.
    const repo = mkdtempSync(join(tmpdir(), 'wts-recipe-repo-'));
    const start = await bash(
      block('ci.md', 'sh', /^wts schedule export/),
      repo,
      childEnv({ ...personEnv, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }),
    );
    expect(start.code, start.stderr).toBe(0);
    const files = {
      'schedules.yaml': readFileSync(join(repo, 'schedules.yaml'), 'utf8'),
      'ci/check-schedules.sh': block('schedules.md', 'sh', /^# ci\/check-schedules\.sh\n/),
    };

    // Once, on a workstation: the CI sign-in (the same user: a connection of its own), into the secret, the file deleted.
    const workstation = mkdtempSync(join(tmpdir(), 'wts-recipe-workstation-'));
    const before = await sandbox.stats();
    await setAutoApprove(sandbox.origin, 'ada');
    let once;
    try {
      once = await bash(
        block('ci.md', 'sh', /WTS_CREDENTIALS_FILE=\.\/ci-credentials\.json wts login/),
        workstation,
        childEnv({ ...personEnv, BROWSER: person.browser, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` }),
      );
    } finally {
      await setAutoApprove(sandbox.origin, null);
    }
    expect(once.code, once.stderr).toBe(0);
    expect(existsSync(join(workstation, 'ci-credentials.json'))).toBe(false);
    const secret = () => readFileSync(join(secretsDir, 'WTS_CREDENTIALS'), 'utf8');
    const first = secret();
    const ownRefresh = storedCredentials(person.credentialsFile).refreshToken;
    expect(first).not.toContain(String(ownRefresh));

    // The person is still signed in as themselves.
    const still = await runWts(['auth', 'status', '--json'], { env: personEnv });
    expect(still.code, still.stderr).toBe(0);
    expect(JSON.parse(still.stdout)).toMatchObject({ user: { login: 'ada' }, working: true });

    // The workflow's job, twice, each run past the access token's life.
    const workflow = record(parse(block('ci.md', 'yaml', /^# \.github\/workflows\/schedules\.yml\n/)));
    const job = record(record(workflow.jobs).schedules);
    let held = first;
    for (const n of [1, 2]) {
      await sandbox.advanceClock(3700);
      const results = await runJob(job, files, secretsDir, bin);
      expect(results.map((r) => r.name)).toEqual([
        'Restore the wts credentials',
        'Check the schedules',
        'Write the rotated wts credentials back',
      ]);
      for (const r of results) {
        expect(r.stderr, `job ${n}: ${r.name}`).toBe('');
        expect(r.code, `job ${n}: ${r.name}: ${r.stdout}`).toBe(0);
      }
      expect(secret(), `job ${n} wrote the rotated credentials back`).not.toBe(held);
      held = secret();
    }
    const after = await sandbox.stats();
    expect(after.revocations).toBe(before.revocations);
    expect(storedCredentials(person.credentialsFile).refreshToken).toBe(ownRefresh);
    const end = await runWts(['auth', 'status', '--json'], { env: personEnv });
    expect(JSON.parse(end.stdout)).toMatchObject({ user: { login: 'ada' }, working: true });
  });
});
