// The floor for `wts dash`'s first screen: the requests of the dashboard's first load, made with node:http
// as many at once as wts has them in flight: the inbox's gather (floor-inbox.mjs: the workspaces, two
// walks per workspace, every task checked as it is listed, 128 connections in all) and the scheduled
// tasks at once; then the board's columns (the first workspace listed: a fresh configuration has no
// default one), then the columns of every other workspace with an open task assigned to USER.
// Each section is printed as soon as what it shows has come, a row per item as the dashboard draws one
// (`  ID  text`), so the first row printed is the earliest a screen could show a row of service data;
// the process ends once everything is loaded (where today's dashboard draws its first screen).
// Usage: node floor-dash.mjs USER   (USER: the signed-in user's id; reads FLOOR_ORIGIN and FLOOR_TOKEN)
import { api, floorClient } from './floor-http.mjs';
import { CONNECTIONS, gather } from './floor-inbox.mjs';

const [me] = process.argv.slice(2);
const http = floorClient({ maxSockets: CONNECTIONS });
const rows = (heading, items) =>
  process.stdout.write(`${heading} (${items.length})\n${items.map(([id, text]) => `  ${id}  ${text}\n`).join('')}`);
const columnsOf = async (ws) => (await http.get(api(`workspaces/${encodeURIComponent(ws)}/statuses`))).items;

const schedules = http.get(api('scheduled-tasks')).then(({ items }) => {
  rows(
    'Schedules',
    items.map((s) => [s.id, s.title]),
  );
});
const { found, workspaces, tasks } = await gather(http);
rows(
  'Inbox',
  found.map((a) => [a.id, a.summary]),
);
await schedules;
const board = workspaces[0];
if (board !== undefined) {
  const columns = (await columnsOf(board)).sort((a, b) => a.position - b.position);
  const onBoard = tasks.filter((t) => t.workspaceId === board);
  rows(
    'Board',
    columns.flatMap((c) => onBoard.filter((t) => t.status === c.key).map((t) => [t.id, t.title])),
  );
}
const mine = tasks.filter((t) => t.status !== 'done' && t.assignees.some((a) => a.id === me));
const others = [...new Set(mine.map((t) => t.workspaceId))].filter((ws) => ws !== board);
await Promise.all(others.map(columnsOf));
rows(
  'My tasks',
  mine.map((t) => [t.id, t.title]),
);
http.close();
