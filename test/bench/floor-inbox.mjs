// The floor for the inbox far away: the requests `wts inbox` makes, made with node:http and as many at
// once: the workspaces, then every workspace's tasks in two walks at once (nobody's and somebody's,
// pages of 50, each walk its cursor), each task asked for its pending actions as soon as its page has
// come, up to 128 requests in flight in all (no adaptation: the sandbox here refuses nothing). It prints
// the ids of what waits, one a line, in the inbox's order (by kind, then oldest first).
// Usage: node floor-inbox.mjs   (reads FLOOR_ORIGIN and FLOOR_TOKEN, its own sign-in)
// floor-dash.mjs gathers the inbox with the same function.
import { pathToFileURL } from 'node:url';
import { api, floorClient } from './floor-http.mjs';

/** As many connections as wts's HTTP layer keeps (MAX_CONNECTIONS). */
export const CONNECTIONS = 128;

/**
 * What waits in every workspace, in the inbox's order, over `http` (at most CONNECTIONS at once, the
 * walks' and the checks' together), and the workspaces and every task listed on the way.
 */
export async function gather(http) {
  const workspaces = (await http.get(api('workspaces'))).items.map((w) => w.id);
  const walks = workspaces.flatMap((ws) => [true, false].map((unassigned) => ({ ws, unassigned })));
  // The checks take what the walks leave, each as soon as its task is listed.
  let room = CONNECTIONS - walks.length;
  const queue = [];
  const checks = [];
  const found = [];
  const tasks = [];
  function startChecks() {
    while (room > 0 && queue.length > 0) {
      const id = queue.shift();
      room--;
      checks.push(
        http.get(api(`tasks/${encodeURIComponent(id)}/pending-actions`)).then((page) => {
          found.push(...page.items);
          room++;
          startChecks();
        }),
      );
    }
  }
  async function walk({ ws, unassigned }) {
    let cursor;
    do {
      const page = await http.get(api(`workspaces/${encodeURIComponent(ws)}/tasks`, { unassigned, limit: 50, cursor }));
      tasks.push(...page.items);
      queue.push(...page.items.map((t) => t.id));
      startChecks();
      cursor = page.nextCursor;
    } while (cursor);
  }
  await Promise.all(walks.map(walk));
  // Checks started while others ended: wait until none is left.
  for (let done = 0; done < checks.length; done++) await checks[done];
  const kinds = ['action', 'human_task', 'question'];
  found.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { found, workspaces, tasks };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const http = floorClient({ maxSockets: CONNECTIONS });
  const { found } = await gather(http);
  process.stdout.write(found.map((a) => `${a.id}\n`).join(''));
  http.close();
}
