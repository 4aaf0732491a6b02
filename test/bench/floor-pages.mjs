// The floor for a long listing: the workspace's columns (as `wts task list --status all` reads them, for
// its board order), then every task of WS fetched with node:http over one keep-alive connection in pages
// of 50 (the most list_tasks allows), following nextCursor, each item printed as it comes into the same
// JSON array.
// Usage: node floor-pages.mjs WS   (reads WTS_ORIGIN and FLOOR_TOKEN, its own sign-in)
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const base = new URL(`/api/v1/workspaces/${encodeURIComponent(process.argv[2])}/tasks`, process.env.WTS_ORIGIN);
const headers = { authorization: `Bearer ${process.env.FLOOR_TOKEN}`, accept: 'application/json' };

function get(url) {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`))));
    })
      .on('error', reject)
      .end();
  });
}

await get(new URL(`/api/v1/workspaces/${encodeURIComponent(process.argv[2])}/statuses`, process.env.WTS_ORIGIN));
let count = 0;
let cursor;
process.stdout.write('[');
do {
  const url = new URL(base);
  url.searchParams.set('limit', '50');
  if (cursor) url.searchParams.set('cursor', cursor);
  const page = await get(url);
  for (const item of page.items) process.stdout.write(`${count++ === 0 ? '\n' : ',\n'}${JSON.stringify(item)}`);
  cursor = page.nextCursor;
} while (cursor);
process.stdout.write(count ? '\n]\n' : ']\n');
agent.destroy();
