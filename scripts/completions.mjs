#!/usr/bin/env node
// `npm run completions`: writes completions/wts.bash, completions/_wts and completions/wts.fish from the
// command tree of the built CLI (dist/), the same scripts `wts completion SHELL` prints. A test fails
// when the checked-in files differ from what this writes.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProgram } from '../dist/cli.js';
import { COMPLETION_FILES, SHELLS, completionScript } from '../dist/completion/scripts.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const program = await buildProgram({ env: {} });
for (const shell of SHELLS) {
  const file = join(root, COMPLETION_FILES[shell]);
  writeFileSync(file, completionScript(shell, program));
  console.log(`wrote ${COMPLETION_FILES[shell]}`);
}
