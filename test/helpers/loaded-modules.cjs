// Preloaded into a `node bin/wts` process by runWtsRecordingLoads (test/helpers/wts-process.ts): as the
// process exits, writes to the file WTS_TEST_LOADED names what it loaded, as JSON: `files`, the files
// required (a file Node's loader read, not the bundle that bin/wts compiles itself), and `builtins`, the
// public built-in modules (node:http2, …) that were loaded, and `internals`, Node's internal ones (its ES
// module loader among them).
'use strict';

const file = process.env.WTS_TEST_LOADED;
process.on('exit', () => {
  const natives = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
  const builtins = natives.filter((m) => !m.startsWith('internal/'));
  const internals = natives.filter((m) => m.startsWith('internal/'));
  require('node:fs').writeFileSync(file, JSON.stringify({ files: Object.keys(require.cache), builtins, internals }));
});
