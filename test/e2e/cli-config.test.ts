// `wts config` against the real sandbox: settings per profile in the configuration file, and the default
// workspace of the lists, the board and the search (WTS_WORKSPACE before the setting).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWts, tempConfigDir } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox();

describe('wts config', () => {
  it('lists every setting with its default, sets, gets and unsets one, per profile, in the config file', async () => {
    const dir = tempConfigDir();
    const run = (...args: string[]) => runWts(args, { env: { ...sandbox.env, WTS_CONFIG_DIR: dir } });
    expect((await run('config', 'list')).stdout).toBe(
      'workspace=\neditor=\npager=less -FRX\nbrowser=\ndash.refresh=60\naccessible=false\nwire-names=\nopenapi-url=\n',
    );
    expect((await run('config', 'get', 'pager')).stdout).toBe('less -FRX\n');
    expect((await run('config', 'get', 'workspace')).stdout).toBe('');
    const set = await run('config', 'set', 'workspace', 'ws_support');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('Set workspace to ws_support (profile default)\n');
    expect((await run('config', 'get', 'workspace')).stdout).toBe('ws_support\n');
    expect((await run('config', 'set', 'editor', 'code --wait')).code).toBe(0);
    expect(JSON.parse((await run('config', 'list', '--json')).stdout)).toEqual({
      workspace: 'ws_support',
      editor: 'code --wait',
      pager: 'less -FRX',
      browser: '',
      'dash.refresh': '60',
      accessible: 'false',
      'wire-names': '',
      'openapi-url': '',
    });
    // Another profile has its own settings.
    expect((await run('--profile', 'work', 'config', 'get', 'workspace')).stdout).toBe('');
    const file = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(file.settings).toEqual({ default: { workspace: 'ws_support', editor: 'code --wait' } });
    expect((await run('config', 'unset', 'editor')).stdout).toBe('Unset editor (profile default)\n');
    expect((await run('config', 'get', 'editor')).stdout).toBe('');
  });

  it('refuses unknown keys and bad values with exit 2 and one line', async () => {
    const unknown = await runWts(['config', 'get', 'colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'wts: KEY: unknown setting "colour"; the settings are workspace, editor, pager, browser, dash.refresh, accessible, wire-names, openapi-url\n',
    );
    const bad = await runWts(['config', 'set', 'dash.refresh', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^wts: VALUE: dash.refresh must be a whole number of seconds from 1, not "soon"\n$/);
    expect((await runWts(['config', 'set', 'workspace', 'two words'])).code).toBe(2);
    const accessible = await runWts(['config', 'set', 'accessible', 'yes']);
    expect(accessible.code).toBe(2);
    expect(accessible.stderr).toBe('wts: VALUE: accessible must be true or false, not "yes"\n');
  });
});

describe('the default workspace', () => {
  it('is the workspace of the lists, the board and the search; WTS_WORKSPACE wins over the setting; a typed WS wins over both', async () => {
    const dir = tempConfigDir();
    const run = (args: string[], more: Record<string, string> = {}) =>
      runWts(args, { env: { ...sandbox.env, WTS_CONFIG_DIR: dir, ...more } });
    const none = await run(['task', 'list']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'wts: WS: name a workspace with -w WS (from `wts workspace list`), or set a default: wts config set workspace WS (or WTS_WORKSPACE)\n',
    );
    await run(['config', 'set', 'workspace', 'ws_support']);
    for (const args of [
      ['task', 'list', '--status', 'all'],
      ['task', 'board'],
    ]) {
      const implicit = await run(args);
      expect(implicit.code, `${args.join(' ')}: ${implicit.stderr}`).toBe(0);
      const explicit = await run([...args.slice(0, 2), 'ws_support', ...args.slice(2)]);
      expect(implicit.stdout, args.join(' ')).toBe(explicit.stdout);
      expect(implicit.stdout).not.toBe('');
    }
    // A first word that is not of a workspace id's form is a word to look for, in the default workspace.
    const search = await run(['task', 'search', 'refund', 'seats']);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).not.toBe('');
    expect(search.stdout).toBe((await runWts(['task', 'search', 'ws_support', 'refund', 'seats'], { env: sandbox.env })).stdout);
    // The environment wins over the setting, a typed WS over both.
    const other = sandbox.ctx.store.state.data.workspaces.find((w) => w.id !== 'ws_support')!.id;
    const board = (args: string[], more: Record<string, string> = {}) => run(['task', 'board', ...args, '--json'], more);
    expect((await board([], { WTS_WORKSPACE: other })).stdout).toBe((await board([other])).stdout);
    expect((await board(['ws_support'], { WTS_WORKSPACE: other })).stdout).toBe((await board([])).stdout);
    expect((await board([])).stdout).not.toBe((await board([other])).stdout);
    // A verb whose target is a workspace never takes the default (test/e2e/cli-workspace-args.test.ts).
    expect((await run(['workspace', 'statuses'])).code).toBe(2);
  });

  it('is named in `wts help environment` and in the help of a command taking WS', async () => {
    expect((await runWts(['help', 'environment'])).stdout).toMatch(/^WTS_WORKSPACE\t/m);
    expect((await runWts(['task', 'list', '--help'])).stdout).toContain('wts config get workspace');
  });
});
