// The wire-fault harness itself: what it forwards arrives unchanged, every request is logged, and a run
// through it reports the process's exit and peak memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultProxy, runMeasured, type FaultProxy } from '../helpers/fault-proxy.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

describe('the fault proxy', () => {
  let proxy: FaultProxy;
  beforeAll(async () => {
    proxy = await faultProxy(sandbox.origin);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('forwards what no rule takes, and logs it', async () => {
    const r = await runMeasured(['workspace', 'list', '--json'], { ...sandbox.env, WTS_ORIGIN: proxy.origin });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((w) => w.id)).toContain('ws_support');
    expect(proxy.count((e) => e.path.startsWith('/api/v1/workspaces'))).toBe(1);
    expect(r.peakMb).toBeGreaterThan(10);
    expect(r.killed).toBe(false);
  });

  it('answers for a rule, and a hang is killed at the deadline', async () => {
    proxy.setRule((ex) => ex.stall());
    const r = await runMeasured(['workspace', 'list', '--json'], { ...sandbox.env, WTS_ORIGIN: proxy.origin }, { killAfterMs: 1500 });
    expect(r.killed).toBe(true);
    expect(r.signal).toBe('SIGKILL');
    proxy.setRule(undefined);
  });
});
