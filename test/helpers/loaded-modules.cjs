// Preloaded into a `node bin/wts` process by runWtsRecordingLoads (test/helpers/wts-process.ts): as the
// process exits, writes to the file WTS_TEST_LOADED names what it loaded, as JSON: `files`, the files
// required (a file Node's loader read, not the bundle that bin/wts compiles itself), and `builtins`, the
// public built-in modules (node:http2, …) that were loaded, and `internals`, Node's internal ones (its ES
// module loader among them); and `atKeychainSearch`, the public built-in modules loaded when a read of
// the keychain first connected to the session bus (src/auth/stores/secret-service.ts), if one did.
'use strict';

const Module = require('node:module');

const file = process.env.WTS_TEST_LOADED;
const natives = () => process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
const publicOnly = (names) => names.filter((m) => !m.startsWith('internal/'));

let atKeychainSearch;
// The bus's socket, as DBUS_SESSION_BUS_ADDRESS names it (a path: the tests' buses have one).
const busPath = /^unix:path=([^,;]+)/.exec(process.env.DBUS_SESSION_BUS_ADDRESS ?? '')?.[1];
const load = Module._load;
Module._load = function recordingLoad(request, ...rest) {
  const exports = load.call(this, request, ...rest);
  if ((request === 'node:net' || request === 'net') && busPath && !exports.Socket.prototype.connect.recorded) {
    const connect = exports.Socket.prototype.connect;
    exports.Socket.prototype.connect = Object.assign(
      function recordingConnect(...args) {
        const options = Array.isArray(args[0]) ? args[0][0] : args[0];
        if ((typeof options === 'string' ? options : options?.path) === busPath) atKeychainSearch ??= publicOnly(natives());
        return connect.apply(this, args);
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
