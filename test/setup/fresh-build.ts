// Vitest's global setup: the e2e tests run the built CLI (bin/wts runs dist/wts.cjs, and some tests load
// dist/ modules), so a run after a change to src/ without `npm run build` would test the old code and
// fail in ways that say nothing about it. When anything the build reads is newer than the build's
// last output, or there is none, this builds first and says so. `npm test` builds just before, so
// there it finds the build fresh and costs one walk over the source's modification times.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What the build reads: the sources, its own script and configuration, and the package's manifest. */
const INPUTS = ['src', 'scripts/bundle.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
/** Written last by the build (scripts/bundle.mjs). */
const OUTPUT = join(ROOT, 'dist', 'build.json');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export default function setup(): void {
  const built = existsSync(OUTPUT) ? statSync(OUTPUT).mtimeMs : -1;
  const changed = Math.max(
    ...INPUTS.map((p) => join(ROOT, p))
      .filter(existsSync)
      .map(newestChange),
  );
  if (built >= changed) return;
  process.stderr.write(`vitest: ${built < 0 ? 'there is no build yet' : 'dist/ is older than src/'}; building first (npm run build)\n`);
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed: the tests would run an old build');
}
