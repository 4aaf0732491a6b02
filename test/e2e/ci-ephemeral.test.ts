// The recipe of docs/ci.md for runners that keep nothing (GitHub-hosted): the credentials file lives in
// the CI's secret store; each job writes it to a fresh file, runs wts as real processes, and writes the
// file back when it changed. Two jobs in a row, each past the access token's life (so each rotates the
// refresh token): both work, and the sandbox counts no revocation. And what rotation makes impossible:
// a job that starts from a secret whose write-back failed signs every later job out.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredCredentials } from '../../src/auth/credentials.js';
import { expectLoggedIn, secretsOf, workdir } from '../helpers/credentials.js';
import { runWtsProcess } from '../helpers/wts-process.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });

/** The CI's secret store: one value, read when a job starts, written by the job's last step. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  // Once, on a workstation: sign in with a credentials file, store the file as the secret, delete it.
  const w = workdir();
  await expectLoggedIn(sandbox.origin, w);
  secrets.set('WTS_CREDENTIALS', readFileSync(w.credentialsFile, 'utf8'));
});

/** The default profile's record in a credentials file's text. */
function credentialsIn(text: string): StoredCredentials {
  const entry = (JSON.parse(text) as { credentials: Record<string, StoredCredentials> }).credentials.default;
  if (!entry) throw new Error('no default profile in the secret');
  return entry;
}

/** One job on a fresh runner: restore the file from the secret, run the steps, write it back if it changed. */
async function job(steps: string[][], options: { writeBack: boolean } = { writeBack: true }) {
  const runnerTemp = mkdtempSync(join(tmpdir(), 'wts-runner-'));
  const secret = secrets.get('WTS_CREDENTIALS') ?? '';
  const file = join(runnerTemp, 'wts-credentials.json');
  writeFileSync(file, secret);
  chmodSync(file, 0o600);
  // Nothing else survives from an earlier job: no configuration directory, no lock, no cache.
  const env = { WTS_ORIGIN: sandbox.origin, WTS_CREDENTIALS_FILE: file, WTS_CONFIG_DIR: join(runnerTemp, 'config') };
  const results = [];
  for (const args of steps) results.push(await runWtsProcess(args, { env }));
  const after = readFileSync(file, 'utf8');
  if (options.writeBack && after !== secret) secrets.set('WTS_CREDENTIALS', after);
  return { results, rotated: after !== secret, secret, after };
}

describe('an ephemeral CI runner with its credentials in a secret', () => {
  it('runs two jobs in a row, each from the stored secret, each rotating and writing back: no revocation', async () => {
    const before = await sandbox.stats();
    for (const n of [1, 2]) {
      // The access token in the secret has expired since the last job: the job's first request refreshes.
      await sandbox.advanceClock(3700);
      const { results, rotated, secret, after } = await job([
        ['workspace', 'list'],
        ['schedule', 'export', '-w', 'ws_ops'],
        ['auth', 'status', '--json'],
      ]);
      for (const r of results) {
        expect(r.stderr, `job ${n}`).toBe('');
        expect(r.code, `job ${n}`).toBe(0);
      }
      expect(rotated, `job ${n} rotated the refresh token`).toBe(true);
      // A token is never printed: neither the one the job started with nor the one it wrote back.
      const output = results.map((r) => r.stdout + r.stderr).join('');
      for (const text of [secret, after]) for (const token of secretsOf(credentialsIn(text))) expect(output).not.toContain(token);
    }
    const after = await sandbox.stats();
    expect(after.refreshes - before.refreshes).toBe(2);
    expect(after.revocations).toBe(before.revocations);
    expect(after.connections.every((c) => !c.revoked)).toBe(true);
  });

  it('a job whose write-back failed leaves a superseded token in the secret: the next job signs every job out', async () => {
    await sandbox.advanceClock(3700);
    const lost = await job([['workspace', 'list']], { writeBack: false });
    expect(lost.results[0]?.code).toBe(0);
    expect(lost.rotated).toBe(true);
    await sandbox.advanceClock(3700);
    const before = await sandbox.stats();
    const next = await job([['workspace', 'list']]);
    expect(next.results[0]?.code).toBe(4);
    expect(next.results[0]?.stderr).toMatch(/^wts: .*wts login/);
    expect((await sandbox.stats()).revocations).toBeGreaterThan(before.revocations);
  });
});
