// This wts's version, from its package.json (beside src/ and dist/: the bundle finds it as any module does).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let version: string | undefined;

/** `0.2.0`: for `wts --version` and the user agent (`wts/0.2.0`). */
export function packageVersion(): string {
  if (version === undefined) {
    const manifest: { version: string } = require('../package.json');
    version = manifest.version;
  }
  return version;
}
