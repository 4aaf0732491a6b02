// A stand-in for $EDITOR: a tiny shell script that edits the file it is given, as a person would.
//
//   const editor = fakeEditor(`printf 'New text\\n' > "$1"`);
//   await runWts(['handbook', 'edit', 'sec_acme_company_1'], { env: { ...env, EDITOR: editor }, tty: true });
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes an executable /bin/sh script with `body` (the file to edit is "$1") and returns its path. */
export function fakeEditor(body: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'wts-test-editor-')), 'editor.sh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}
