// V8's WebAssembly on its baseline compiler (Liftoff) only: undici's HTTP parser (llhttp) and jq are
// WebAssembly, and on Node 20 and 22 V8 would otherwise recompile their hot functions with TurboFan on
// another thread, which the process waits for before it ends: one request's wall time is 144 ms without
// the flag against 65 ms with it on Node 20, 117 against 65 ms on Node 22 (docs/performance.md,
// "`--liftoff-only`: kept"; issue 40 keeps it while it saves 5% on a maintained line). The flag is set here,
// just before the first WebAssembly module is compiled, not where the process starts: a V8 flag changed
// at run time also makes V8 refuse the code cache Node keeps for its own modules, so every built-in
// module loaded after it is compiled from source (~36 M instructions for those one request loads).
// bin/wts sets it back before it writes its own code cache, which V8 accepts only under the flags it
// was made with. Node 24 and later (V8 12.4) read the tiering flags once, at start-up: there it would
// cost the built-in modules' cache and save nothing, so it is not set.
import { createRequire } from 'node:module';
import type * as V8 from 'node:v8';

let asked = false;

/** Before compiling WebAssembly: keeps it on Liftoff where V8 still lets a flag set at run time do so. */
export function keepWebAssemblyOnLiftoff(): void {
  if (asked) return;
  asked = true;
  if (Number(process.versions.node.split('.')[0]) >= 24) return;
  const v8: typeof V8 = createRequire(import.meta.url)('node:v8');
  v8.setFlagsFromString('--liftoff-only');
}
