// Preloaded into a `node bin/wts` run (NODE_OPTIONS=--require): counts the error stacks the run formats
// with at least one frame, and writes the count to STACKS_FILE as it exits. Placing a frame of the bundle
// counts the lines of its whole source, so a run that does it on a path it takes every time pays for it
// every time (src/api/client.ts close()).
'use strict';
const { writeFileSync } = require('node:fs');
const seen = [];
Error.prepareStackTrace = (error, frames) => {
  if (frames.length > 0) seen.push(`${error?.name}: ${frames[0].getFunctionName() ?? '?'}`);
  return `${error}\n${frames.map((f) => `    at ${f}`).join('\n')}`;
};
process.on('exit', () => writeFileSync(process.env.STACKS_FILE, JSON.stringify(seen)));
