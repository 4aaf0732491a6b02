#!/usr/bin/env node
// Takes a wts lock with the real lock code (dist/, after `npm run build`) and holds it until killed.
//   node test/helpers/hold-lock.mjs LOCK_PATH      → prints "holding <pid>" once it has the lock
import { acquireLock } from '../../dist/auth/lock.js';

const path = process.argv[2];
await acquireLock(path, 'a test holding the lock', { staleMs: 60_000, waitMs: 10_000 });
process.stdout.write(`holding ${process.pid}\n`);
setInterval(() => {}, 1 << 30);
