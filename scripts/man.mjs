#!/usr/bin/env node
// `npm run man`: writes the man pages (man/wts.1, man/wts-task.1, …) from the command tree of the built
// CLI (dist/), removing pages of commands that are gone, and lists them in package.json's `man` (what npm
// links into a global install's share/man). A test fails when the checked-in pages or that list differ
// from what this writes.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProgram } from '../dist/cli.js';
import { MAN_DIR, manPages } from '../dist/man.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pkgFile = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
const dir = join(root, MAN_DIR);
mkdirSync(dir, { recursive: true });
const pages = manPages(await buildProgram({ env: {} }), pkg.version);
for (const name of readdirSync(dir)) {
  if (name.endsWith('.1') && !pages.some((p) => p.file === name)) rmSync(join(dir, name));
}
for (const page of pages) writeFileSync(join(dir, page.file), page.text);
pkg.man = pages.map((p) => `./${MAN_DIR}/${p.file}`);
writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`wrote ${pages.length} pages to ${MAN_DIR}/: ${pages.map((p) => p.file).join(' ')}`);
