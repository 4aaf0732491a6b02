// Which workspace a verb works in, never guessed from how many words were typed (issue 25, item 7): a
// verb whose target is a workspace takes it as a required argument; lists, the board and the search take
// -w/--workspace or a positional WS where it cannot be read as anything else, else the default.
import { describe, expect, it } from 'vitest';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

const names = () => Object.fromEntries(sandbox.ctx.store.state.data.workspaces.map((w) => [w.id, w.name]));

describe('a workspace as the target of a verb', () => {
  it('is never the default: `workspace rename ws_sales` with a default set is missing NAME and changes nothing', async () => {
    const before = names();
    const requests = await sandbox.requests();
    const r = await runWts(['workspace', 'rename', 'ws_sales'], { env: { ...sandbox.env, WTS_WORKSPACE: 'ws_support' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required argument .NAME/);
    expect(names()).toEqual(before);
    expect(await sandbox.requests()).toBe(requests);
  });

  it('is a required argument of members, statuses, rename and archive, with or without a default', async () => {
    for (const args of [['members'], ['statuses'], ['archive', '--yes'], ['rename']]) {
      const r = await runWts(['workspace', ...args], { env: { ...sandbox.env, WTS_WORKSPACE: 'ws_support' } });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/missing required argument .WS/);
    }
    expect(sandbox.ctx.store.state.data.workspaces.find((w) => w.id === 'ws_support')?.archived).toBe(false);
    const help = await runWts(['workspace', 'rename', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('always typed, never the default');
  });
});

describe('the workspace of a list, the board and a search', () => {
  it('`task search invoice` searches for "invoice" in the default workspace', async () => {
    const r = await runWts(['task', 'search', 'invoice'], { env: { ...sandbox.env, WTS_WORKSPACE: 'ws_support' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toBe('');
    const named = await runWts(['task', 'search', 'ws_support', 'invoice'], { env: sandbox.env });
    expect(r.stdout).toBe(named.stdout);
    expect((await runWts(['task', 'search', '-w', 'ws_support', 'invoice'], { env: sandbox.env })).stdout).toBe(named.stdout);
  });

  it('reads a first word of the form ws_… as the workspace whatever the default, and every word as a word after -w', async () => {
    const inSales = await runWts(['task', 'search', 'ws_sales', 'seats'], { env: { ...sandbox.env, WTS_WORKSPACE: 'ws_support' } });
    expect(inSales.code, inSales.stderr).toBe(0);
    expect(inSales.stdout).toBe((await runWts(['task', 'search', '--workspace', 'ws_sales', 'seats'], { env: sandbox.env })).stdout);
    // With -w the first word is searched for: no task's text holds "ws_sales".
    const literal = await runWts(['task', 'search', '-w', 'ws_sales', 'ws_sales', '--json'], { env: sandbox.env });
    expect(literal.code, literal.stderr).toBe(0);
    expect(JSON.parse(literal.stdout)).toEqual([]);
    // The workspace alone is missing its words, with or without a default.
    const bare = await runWts(['task', 'search', 'ws_sales'], { env: { ...sandbox.env, WTS_WORKSPACE: 'ws_support' } });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^wts: .*WORDS/);
    const help = await runWts(['task', 'search', '--help']);
    expect(help.stdout).toContain('-w, --workspace');
    expect(help.stdout).toContain('a first word of');
  });

  it('takes -w or WS for a list and the board, refuses two different ones, and names -w when there is no default', async () => {
    const env = { ...sandbox.env, WTS_CONFIG_DIR: tempConfigDir() };
    for (const verb of ['list', 'board']) {
      const positional = await runWts(['task', verb, 'ws_sales'], { env });
      expect(positional.code, positional.stderr).toBe(0);
      expect((await runWts(['task', verb, '-w', 'ws_sales'], { env })).stdout).toBe(positional.stdout);
      expect((await runWts(['task', verb, '-w', 'ws_sales', 'ws_sales'], { env })).stdout).toBe(positional.stdout);
      expect((await runWts(['task', verb, '-w', 'ws_sales'], { env: { ...env, WTS_WORKSPACE: 'ws_support' } })).stdout).toBe(
        positional.stdout,
      );
      const requests = await sandbox.requests();
      const both = await runWts(['task', verb, '-w', 'ws_sales', 'ws_support'], { env });
      expect(both.code).toBe(2);
      expect(both.stderr).toBe('wts: WS and --workspace: name the workspace once (ws_support, ws_sales)\n');
      const none = await runWts(['task', verb], { env });
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('-w WS');
      expect(await sandbox.requests()).toBe(requests);
    }
  });
});
