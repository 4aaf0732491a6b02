// Preloaded (with --allow-natives-syntax) into a process by test/e2e/start-up.test.ts: as the process
// exits, after whatever it set, runs a small WebAssembly function hot enough for V8 to tier it up to
// TurboFan (up to 30 million calls, looking after each million) and writes to the file WTS_TEST_WASM_TIER
// names which compiler its code came from: {"turbofan": bool, "liftoff": bool}.
'use strict';

// (module (func (export "inc") (param i32) (result i32) local.get 0 i32.const 1 i32.add))
const BYTES = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 7, 1, 3, 105, 110, 99, 0, 0, 10, 9, 1, 7, 0, 32, 0, 65, 1, 106,
  11,
]);
const file = process.env.WTS_TEST_WASM_TIER;
process.on('exit', () => {
  const { inc } = new WebAssembly.Instance(new WebAssembly.Module(BYTES)).exports;
  const isTurboFan = new Function('f', 'return %IsTurboFanFunction(f)');
  const isLiftoff = new Function('f', 'return %IsLiftoffFunction(f)');
  let x = 0;
  for (let round = 0; round < 30 && !isTurboFan(inc); round++) for (let i = 0; i < 1e6; i++) x = inc(x);
  require('node:fs').writeFileSync(file, JSON.stringify({ turbofan: isTurboFan(inc), liftoff: isLiftoff(inc) }));
});
