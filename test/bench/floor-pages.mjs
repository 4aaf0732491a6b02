// The floor for a long listing: the workspace's columns (as `wts task list --status all` reads them, for
// its board order), then every task of WS fetched with node:http over one keep-alive connection in pages
// of 50 (the most list_tasks allows), following nextCursor, each item printed as it comes into the same
// JSON array.
// Usage: node floor-pages.mjs WS   (reads FLOOR_ORIGIN and FLOOR_TOKEN, its own sign-in)
import { api, floorClient } from './floor-http.mjs';

const workspace = encodeURIComponent(process.argv[2]);
const http = floorClient({ maxSockets: 1 });
await http.get(api(`workspaces/${workspace}/statuses`));
let count = 0;
let cursor;
process.stdout.write('[');
do {
  const page = await http.get(api(`workspaces/${workspace}/tasks`, { limit: 50, cursor }));
  for (const item of page.items) process.stdout.write(`${count++ === 0 ? '\n' : ',\n'}${JSON.stringify(item)}`);
  cursor = page.nextCursor;
} while (cursor);
process.stdout.write(count ? '\n]\n' : ']\n');
http.close();
