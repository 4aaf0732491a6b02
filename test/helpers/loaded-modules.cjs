// Preloaded into a `node bin/wts` process by runWtsRecordingLoads (test/helpers/wts-process.ts): as the
// process exits, writes to the file WTS_TEST_LOADED names what it loaded, as JSON: `files`, the files
// required (a file Node's loader read, not the bundle that bin/wts compiles itself), and `builtins`, the
// public built-in modules (node:http2, …) that were loaded, and `internals`, Node's internal ones (its ES
// module loader among them); and `atKeychainSearch`, the public built-in modules loaded when a search of
// the keychain (@napi-rs/keyring's findCredentialsAsync) was first called, if one was.
'use strict';

const Module = require('node:module');

const file = process.env.WTS_TEST_LOADED;
const natives = () => process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
const publicOnly = (names) => names.filter((m) => !m.startsWith('internal/'));

let atKeychainSearch;
const load = Module._load;
Module._load = function recordingLoad(request, ...rest) {
  const exports = load.call(this, request, ...rest);
  if (request === '@napi-rs/keyring' && !exports.findCredentialsAsync.recorded) {
    const find = exports.findCredentialsAsync;
    exports.findCredentialsAsync = Object.assign(
      (...args) => {
        atKeychainSearch ??= publicOnly(natives());
        return find(...args);
      },
      { recorded: true },
    );
  }
  return exports;
};

process.on('exit', () => {
  const all = natives();
  const internals = all.filter((m) => m.startsWith('internal/'));
  require('node:fs').writeFileSync(
    file,
    JSON.stringify({ files: Object.keys(require.cache), builtins: publicOnly(all), internals, atKeychainSearch }),
  );
});
