// The floor for the inbox far away: the requests `wts inbox` makes, made with node:http and as many at
// once: the workspaces, then every workspace's tasks in two walks at once (nobody's and somebody's,
// pages of 50, each walk its cursor), each task asked for its pending actions as soon as its page has
// come, up to 128 requests in flight in all (no adaptation: the sandbox here refuses nothing). It prints
// the ids of what waits, one a line, in the inbox's order (by kind, then oldest first).
// Usage: node floor-inbox.mjs   (reads WTS_ORIGIN and FLOOR_TOKEN, its own sign-in)
import { Agent, request } from 'node:http';

const CONNECTIONS = 128;
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const headers = { authorization: `Bearer ${process.env.FLOOR_TOKEN}`, accept: 'application/json' };
const at = (path) => new URL(`/api/v1/${path}`, process.env.WTS_ORIGIN);

// A kept-alive connection the server closed while idle (the walks outlast its keep-alive timeout) fails
// the request sent on it: sent again once, as wts's HTTP layer does with a read.
function get(url, again = true) {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`))));
    })
      .on('error', (error) => (again && error.code === 'ECONNRESET' ? get(url, false).then(resolve, reject) : reject(error)))
      .end();
  });
}

const workspaces = (await get(at('workspaces'))).items.map((w) => w.id);
const walks = workspaces.flatMap((ws) => [true, false].map((unassigned) => ({ ws, unassigned })));
// The checks take what the walks leave, each as soon as its task is listed.
let room = CONNECTIONS - walks.length;
const queue = [];
const checks = [];
const found = [];
function startChecks() {
  while (room > 0 && queue.length > 0) {
    const id = queue.shift();
    room--;
    checks.push(
      get(at(`tasks/${encodeURIComponent(id)}/pending-actions`)).then((page) => {
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
    const url = at(`workspaces/${encodeURIComponent(ws)}/tasks`);
    url.searchParams.set('unassigned', String(unassigned));
    url.searchParams.set('limit', '50');
    if (cursor) url.searchParams.set('cursor', cursor);
    const page = await get(url);
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
process.stdout.write(found.map((a) => `${a.id}\n`).join(''));
agent.destroy();
