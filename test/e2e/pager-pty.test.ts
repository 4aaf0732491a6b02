// The pager on a real pseudo-terminal (the built CLI in tmux, 120×24): a long list goes through the
// pager (a fake one here that records its arguments, environment and input, or the real `less -FRX`),
// and never when piped, with --no-pager, with a pager of "" or cat, or for a short answer. Which pager:
// WTS_PAGER, then PAGER, then `wts config get pager`. A pager that cannot start: printed directly.
// Needs `npm run build` first, tmux and less (CI installs them: .ci/run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { shellQuote, TMUX, useTerminal, type Pane } from '../helpers/tmux.js';

const LESS = spawnSync('sh', ['-c', 'command -v less'], { encoding: 'utf8' }).stdout.trim() || undefined;
if (!TMUX || !LESS)
  console.warn('pager-pty.test: tmux or less is not installed, so the pager tests are skipped (CI installs both: .ci/run)');

// ws_bulk's 10 000 tasks make a listing (700 kB) longer than the pipe to the pager holds (a socket pair
// of about 200 kB): a pager that quits early leaves wts writing to a pipe with no reader. Listing them
// takes a second or two, and over 30 s on a machine starved of CPU (wts and the sandbox share it): their
// tests wait up to two minutes for the screen and the end, within a test timeout of two and a half.
const sandbox = useSandbox({ seedTasks: 10_000 });
const BULK_WAIT_MS = 120_000;

describe.skipIf(!TMUX || !LESS)('the pager on a terminal (tmux)', () => {
  const term = useTerminal('wts-pager-pty-');

  /** A pager script that records its arguments, environment and input under `name`, then says so on the terminal. */
  const fakePager = (name: string) => {
    const script = join(term.scratch, `${name}.sh`);
    const rec = join(term.scratch, name);
    writeFileSync(
      script,
      [
        '#!/bin/sh',
        `for a in "$@"; do printf '%s\\n' "$a"; done > ${shellQuote(`${rec}.argv`)}`,
        `env > ${shellQuote(`${rec}.env`)}`,
        `[ -t 1 ] && echo tty > ${shellQuote(`${rec}.out`)}`,
        `cat > ${shellQuote(`${rec}.in`)}`,
        `echo "FAKE PAGER ${name}: $(wc -l < ${shellQuote(`${rec}.in`)}) lines"`,
      ].join('\n'),
      { mode: 0o755 },
    );
    return {
      command: shellQuote(script),
      called: () => existsSync(`${rec}.in`),
      input: () => readFileSync(`${rec}.in`, 'utf8'),
      argv: () => readFileSync(`${rec}.argv`, 'utf8').split('\n').slice(0, -1),
      env: () =>
        Object.fromEntries(
          readFileSync(`${rec}.env`, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
        ),
      outputIsTerminal: () => existsSync(`${rec}.out`),
    };
  };

  /**
   * Runs a shell command line (`wts` is the built CLI) on a fresh 120×24 terminal with the sandbox's env,
   * the file's one configuration directory, and `env` (PAGER and friends unset unless given); `interact`
   * may type into it. Resolves to the exit code and the screen once the line ended (waiting up to `waitMs`).
   */
  async function onTerminal(
    commandLine: string,
    env: Record<string, string> = {},
    interact?: (pane: Pane) => Promise<void>,
    waitMs?: number,
  ): Promise<{ code: number; screen: string }> {
    const config = join(term.scratch, 'config');
    mkdirSync(config, { recursive: true, mode: 0o700 });
    const pane = term.run(`${commandLine}; code=$?; echo "-- after wts --"; (exit $code)`, {
      env: { ...sandbox.env, WTS_CONFIG_DIR: config, ...env },
      cols: 120,
      rows: 24,
    });
    if (interact) await interact(pane);
    const { code, screen } = await pane.done(waitMs);
    return { code, screen };
  }
  const allTasks = () => sandbox.ctx.store.state.data.tasks.filter((task) => task.workspaceId === 'ws_support');

  it('a long list goes through PAGER: the whole table on its input, colors kept, LESS=FRX and LESSCHARSET=utf-8 added, its output the terminal', async () => {
    const pager = fakePager('long');
    const r = await onTerminal('wts task list ws_support --status all --all', { PAGER: pager.command });
    expect(r.code, r.screen).toBe(0);
    expect(pager.called(), r.screen).toBe(true);
    const lines = pager.input().trimEnd().split('\n');
    expect(lines[0]).toMatch(/ID.*TITLE/);
    expect(lines).toHaveLength(allTasks().length + 1);
    // Colors: the terminal's, not the pipe's (the pager shows them: -R).
    expect(pager.input()).toMatch(/\x1b\[[0-9;]*m/);
    for (const line of lines) expect(line.replace(/\x1b\[[0-9;]*m/g, '').length).toBeLessThanOrEqual(120);
    expect(pager.argv()).toEqual([]);
    expect(pager.env()).toMatchObject({ LESS: 'FRX', LV: '-c', LESSCHARSET: 'utf-8' });
    expect(pager.outputIsTerminal()).toBe(true);
    expect(r.screen).toContain(`FAKE PAGER long: ${lines.length} lines`);
    expect(r.screen).not.toMatch(/wts:|Error/);
  });

  it('a list cut by --limit: the table through the pager, the line on stderr after it, on the terminal and not in the pager', async () => {
    const pager = fakePager('cut');
    const r = await onTerminal('wts task list ws_support --status all --limit 40', { PAGER: pager.command });
    expect(r.code, r.screen).toBe(0);
    expect(pager.input().trimEnd().split('\n')).toHaveLength(41);
    expect(pager.input()).not.toMatch(/Showing|--all/);
    const pagerLine = r.screen.indexOf('FAKE PAGER cut: 41 lines');
    const note = r.screen.search(/Showing 40 of \d+ tasks/);
    expect(pagerLine, r.screen).toBeGreaterThanOrEqual(0);
    expect(note, r.screen).toBeGreaterThan(pagerLine);
  });

  it('the user settings in order: WTS_PAGER over PAGER over `wts config set pager`, the command split as a shell would (quotes kept)', async () => {
    const fromConfig = fakePager('config');
    const fromPager = fakePager('pager-env');
    const fromWts = fakePager('wts-pager');
    const set = await onTerminal(`wts config set pager ${shellQuote(`${fromConfig.command} --raw "two words"`)}`);
    expect(set.code, set.screen).toBe(0);
    const viaConfig = await onTerminal('wts task list ws_support --status all --all');
    expect(viaConfig.code, viaConfig.screen).toBe(0);
    expect(fromConfig.argv()).toEqual(['--raw', 'two words']);
    expect(viaConfig.screen).toContain('FAKE PAGER config:');

    const viaPager = await onTerminal('wts task view task_s021 >/dev/null; wts task list ws_support --status all --all', {
      PAGER: fromPager.command,
    });
    expect(viaPager.code, viaPager.screen).toBe(0);
    expect(fromPager.called()).toBe(true);

    const viaWts = await onTerminal('wts task list ws_support --status all --all', {
      PAGER: fromPager.command,
      WTS_PAGER: fromWts.command,
    });
    expect(viaWts.code, viaWts.screen).toBe(0);
    expect(fromWts.called()).toBe(true);
    expect(viaWts.screen).toContain('FAKE PAGER wts-pager:');
    const unset = await onTerminal('wts config unset pager');
    expect(unset.code).toBe(0);
  });

  it('no pager: --no-pager, PAGER=cat (over a configured pager), WTS_PAGER="", piped, --json piped, a short list', async () => {
    const pager = fakePager('never');
    const table = /^ID\s+TITLE/m;
    const noPager = await onTerminal('wts task list ws_support --status all --all --no-pager', { PAGER: pager.command });
    expect(noPager.code).toBe(0);
    expect(noPager.screen).toMatch(table);

    expect((await onTerminal(`wts config set pager ${shellQuote(pager.command)}`)).code).toBe(0);
    const cat = await onTerminal('wts task list ws_support --status all --all', { PAGER: 'cat' });
    expect(cat.code).toBe(0);
    expect(cat.screen).toMatch(table);
    const empty = await onTerminal('wts task list ws_support --status all --all', { WTS_PAGER: '' });
    expect(empty.code).toBe(0);
    expect((await onTerminal('wts config unset pager')).code).toBe(0);

    const piped = await onTerminal(
      `wts task list ws_support --status all --all | wc -l; wts task list ws_support --status all --all --json | head -c 1; echo`,
      { PAGER: pager.command },
    );
    expect(piped.code).toBe(0);
    expect(piped.screen).toContain(`${allTasks().length}\n[`);
    const short = await onTerminal('wts task list ws_support --limit 3', { PAGER: pager.command });
    expect(short.code).toBe(0);
    expect(short.screen).toMatch(table);
    expect(pager.called()).toBe(false);
  });

  it('a pager that cannot start: the output printed directly, nothing said, exit 0', async () => {
    const err = shellQuote(join(term.scratch, 'err.txt'));
    const r = await onTerminal(`wts task list ws_support --status all --all 2>${err}; echo "stderr: $(cat ${err})"`, {
      PAGER: join(term.scratch, 'no-such-pager'),
    });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/^ID\s+TITLE/m);
    expect(r.screen).toContain('stderr: \n');
  });

  it('a pager that leaves after the first line (wts still writing to it): exit 0, nothing said', {
    timeout: BULK_WAIT_MS + 30_000,
  }, async () => {
    // It shows a line, closes its input and stays a second: wts's next write has no reader (EPIPE).
    const leaver = join(term.scratch, 'leaver.sh');
    writeFileSync(leaver, '#!/bin/sh\nhead -n 1\nexec 0<&-\nsleep 1\necho "pager gone"\n', { mode: 0o755 });
    const r = await onTerminal('wts task list ws_bulk --all; echo "wts: $?"', { PAGER: leaver }, undefined, BULK_WAIT_MS);
    expect(r.screen, r.screen).toMatch(/^ID\s+TITLE.*\npager gone\nwts: 0\n-- after wts --/m);
  });

  it('less -FRX by default: the first screen, q quits early, exit 0 and no error', { timeout: BULK_WAIT_MS + 30_000 }, async () => {
    const r = await onTerminal(
      'wts task list ws_bulk --all',
      {},
      async (pane) => {
        // less shows the first screen (23 lines) and its prompt; a short text would have ended at once (-F).
        await pane.waitFor(
          'the first screen in less',
          (s) => /^ID\s+TITLE/m.test(s) && s.trimEnd().split('\n').length <= 24 && /^:/m.test(s),
          BULK_WAIT_MS,
        );
        pane.type('q');
      },
      BULK_WAIT_MS,
    );
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).not.toMatch(/wts:|Error|EPIPE/);
    expect(r.screen).toContain('-- after wts --');
  });
});
