// Preloaded into a `node bin/wts` process by runWtsRecordingLoads (test/helpers/wts-process.ts): as the
// process exits, writes to the file WTS_TEST_LOADED names what it loaded, as JSON: `files`, the files
// required (a file Node's loader read, not the bundle that bin/wts compiles itself), and `builtins`, the
// public built-in modules (node:http2, …) that were loaded, and `internals`, Node's internal ones (its ES
// module loader among them); and `atKeychainLoad`, the public built-in modules loaded when the keychain's
// library (@napi-rs/keyring) was first required, if it was.
'use strict';

const Module = require('node:module');

const file = process.env.WTS_TEST_LOADED;
const natives = () => process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
const publicOnly = (names) => names.filter((m) => !m.startsWith('internal/'));

let atKeychainLoad;
const load = Module._load;
Module._load = function recordingLoad(request, ...rest) {
  if (request === '@napi-rs/keyring') atKeychainLoad ??= publicOnly(natives());
  return load.call(this, request, ...rest);
};

process.on('exit', () => {
  const all = natives();
  const internals = all.filter((m) => m.startsWith('internal/'));
  require('node:fs').writeFileSync(
    file,
    JSON.stringify({ files: Object.keys(require.cache), builtins: publicOnly(all), internals, atKeychainLoad }),
  );
});
