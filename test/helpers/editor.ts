// A stand-in for $EDITOR: a tiny shell script that edits the file it is given, as a person would.
//
//   const editor = fakeEditor(`printf 'New text\\n' > "$1"`);
//   await runWts(['handbook', 'edit', 'sec_acme_company_1'], { env: { ...env, EDITOR: editor }, tty: true });
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunResult } from './cli.js';
import { expectMode } from './platform.js';

/** Writes an executable /bin/sh script with `body` (the file to edit is "$1") and returns its path. */
export function fakeEditor(body: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'wts-test-editor-')), 'editor.sh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/**
 * Checks a command that gave up because the editor failed (exit 1): nothing on stdout, one line on stderr
 * naming the file, readable only by its owner, that keeps what was typed; returns the file's text.
 */
export function expectEditorTextSaved(r: RunResult): string {
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  const saved = /^wts: the editor \(\S+\) exited with status 1, so nothing was sent; your text is saved in (\S+)\n$/.exec(r.stderr)?.[1];
  expect(saved, r.stderr).toBeDefined();
  expectMode(saved!, 0o600);
  return readFileSync(saved!, 'utf8');
}
