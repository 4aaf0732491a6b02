// The floor for a list or board far away: the requests `wts task list WS` or `wts task board WS` makes
// for what it shows, made with node:http, as many at once as wts has in flight: the workspace's columns,
// then the first page of 50 of each column at once (the open ones for a list, every one for a board;
// todo's alongside the columns for a list, and alone when it fills the rows), then, for a list, a
// column's next pages in board order while rows are still wanted. It prints the ids
// shown, one a line (the first N rows of a list; the first 10 cards of each column of a board).
// Usage: node floor-far.mjs list WS N | board WS   (reads FLOOR_ORIGIN and FLOOR_TOKEN, its own sign-in)
import { api, floorClient } from './floor-http.mjs';

const [mode, workspace, wanted = '10'] = process.argv.slice(2);
const http = floorClient();
const at = (path, query) => api(`workspaces/${encodeURIComponent(workspace)}/${path}`, query);

const page = (status, cursor) => http.get(at('tasks', { limit: 50, status, cursor }));

// For a list, todo's first page is asked for alongside the columns, as wts does.
const early = mode === 'board' ? undefined : page('todo');
early?.catch(() => {});
const columns = (await http.get(at('statuses'))).items.sort((a, b) => a.position - b.position);
const shown = [];
if (mode === 'board') {
  const firsts = await Promise.all(columns.map((c) => page(c.key)));
  for (const first of firsts) shown.push(...first.items.slice(0, 10).map((t) => t.id));
} else {
  let open = columns.filter((c) => c.key !== 'done');
  let room = Number(wanted);
  // When todo comes first and its first page fills the rows with pages left, no other column is asked for.
  const head = open[0]?.key === 'todo' ? await early : undefined;
  if (head && head.items.length >= room && head.nextCursor) open = open.slice(0, 1);
  const firsts = open.map((c) => (c.key === 'todo' ? early : page(c.key)));
  for (const [i, column] of open.entries()) {
    let next = await firsts[i];
    for (;;) {
      const rows = next.items.slice(0, room);
      shown.push(...rows.map((t) => t.id));
      room -= rows.length;
      if (room === 0 || !next.nextCursor) break;
      next = await page(column.key, next.nextCursor);
    }
    if (room === 0) break;
  }
  // The columns after the last one shown were asked for, so their answers are awaited (as wts awaits them to
  // tell whether more remain).
  await Promise.all(firsts);
}
process.stdout.write(`${shown.join('\n')}\n`);
http.close();
