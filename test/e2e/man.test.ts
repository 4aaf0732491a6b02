// Man pages: the checked-in pages are the ones the command tree renders (`npm run man` writes them), npm
// links each one, and each renders with man(1) without a warning.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { MAN_DIR, manPages } from '../../src/man.js';
import { REPO } from '../helpers/wts-process.js';

const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string; man: string[] };
const pages = manPages(await buildProgram({ env: {} }), pkg.version);
const hasMan = spawnSync('man', ['--version']).error === undefined;
if (!hasMan) console.warn('man.test: man is not installed, so the pages are not rendered (CI installs man-db: .ci/run)');

describe('man pages', () => {
  it('are current: run `npm run man` after changing commands', () => {
    expect(readdirSync(join(REPO, MAN_DIR)).sort()).toEqual(pages.map((p) => p.file).sort());
    for (const page of pages) expect(readFileSync(join(REPO, MAN_DIR, page.file), 'utf8'), page.file).toBe(page.text);
    expect(pkg.man).toEqual(pages.map((p) => `./${MAN_DIR}/${p.file}`));
  });

  it('are one for wts and one per top-level command, each verb with its usage, options and examples', () => {
    expect(pages.map((p) => p.file)).toEqual(
      expect.arrayContaining(['wts.1', 'wts-task.1', 'wts-schedule.1', 'wts-login.1', 'wts-sandbox.1']),
    );
    const task = pages.find((p) => p.file === 'wts-task.1')!.text;
    expect(task).toMatch(/^\.TH "WTS-TASK" "1" "" "wts \d+\.\d+\.\d+" "wts manual"$/m);
    expect(task).toContain('.SS "wts task list"');
    expect(task).toContain('.B \\-\\-status <column>');
    expect(task).toContain('wts task list ws_support \\-\\-status todo,waiting \\-\\-assignee @me');
    const main = pages.find((p) => p.file === 'wts.1')!.text;
    for (const section of ['NAME', 'SYNOPSIS', 'COMMANDS', 'OPTIONS', 'ENVIRONMENT', 'EXIT STATUS', 'SEE ALSO'])
      expect(main).toContain(`.SH ${section}\n`);
    expect(main).toContain('.B WTS_CREDENTIALS_FILE');
  });

  it.skipIf(!hasMan).each(pages.map((p) => p.file))('man -l man/%s renders without a warning', (file) => {
    const r = spawnSync('man', ['--warnings', '-l', join(REPO, MAN_DIR, file)], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat', LANG: 'C.UTF-8' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^NAME\n {7}wts/m);
  });
});
