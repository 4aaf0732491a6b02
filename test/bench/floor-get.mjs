// The floor for one request: what a bare Node process needs to make `wts workspace list --json`'s GET
// with node:http and print the same JSON array. Reads FLOOR_ORIGIN and FLOOR_TOKEN (its own sign-in).
import { api, floorClient } from './floor-http.mjs';

try {
  const { items } = await floorClient({ agent: 'default' }).get(api('workspaces'));
  process.stdout.write(items.length ? `[${items.map((item) => `\n${JSON.stringify(item)}`).join(',')}\n]\n` : '[]\n');
} catch (error) {
  process.stderr.write(`floor-get: ${error.message}\n`);
  process.exitCode = 1;
}
