// The refresh-intent record: what it holds (never the token), which tokens it is about, and that a
// record that cannot be read is about every token (the safe reading).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clearRefreshIntent,
  interruptedRefresh,
  interruptedRefreshError,
  readRefreshIntent,
  recordRefreshIntent,
  refreshIntentPath,
} from '../../src/auth/refresh-intent.js';
import { expectMode } from '../helpers/platform.js';

const fresh = () => refreshIntentPath(join(mkdtempSync(join(tmpdir(), 'wts-intent-')), 'connection-abc.lock'));

describe('the refresh-intent record', () => {
  it('lies beside the lock and holds who, when and a hash of the token — never the token', () => {
    const path = fresh();
    expect(path).toMatch(/connection-abc\.refreshing$/);
    recordRefreshIntent(path, 'rt-secret-value', Date.UTC(2026, 10, 22, 20, 41, 7));
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('rt-secret-value');
    expectMode(path, 0o600);
    expect(readRefreshIntent(path)).toMatchObject({
      pid: process.pid,
      startedAt: Date.UTC(2026, 10, 22, 20, 41, 7),
      refreshTokenSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('is about the token it was written for, not another (a later sign-in or refresh)', () => {
    const path = fresh();
    expect(interruptedRefresh(path, 'rt-1')).toBeUndefined();
    recordRefreshIntent(path, 'rt-1', Date.now());
    expect(interruptedRefresh(path, 'rt-1')).toMatchObject({ pid: process.pid });
    expect(interruptedRefresh(path, 'rt-2')).toBeUndefined();
    expect(interruptedRefresh(path, undefined)).toBeUndefined();
    clearRefreshIntent(path);
    clearRefreshIntent(path);
    expect(interruptedRefresh(path, 'rt-1')).toBeUndefined();
  });

  it('when damaged, is about every token, and says so', () => {
    const path = fresh();
    writeFileSync(path, '{"pid": 12');
    const intent = interruptedRefresh(path, 'any');
    expect(intent).toBeDefined();
    expect(interruptedRefreshError(intent!).message).toMatch(
      /^an earlier refresh of this sign-in \(its record is damaged\) was interrupted/,
    );
    expect(interruptedRefreshError(intent!).exitCode).toBe(4);
  });
});
