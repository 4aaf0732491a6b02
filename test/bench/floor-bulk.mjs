// The floor for a bulk verb: `wts task complete -` done by a bare Node process, with the same requests in
// the same order. The ids are read from standard input (one a line, the first tab-separated field,
// duplicates once); every id is read first (GET /tasks/{id}: a bulk verb checks everything before it
// changes anything), then each POST /tasks/{id}/complete is sent, both in the order given, over
// kept-alive connections, CONCURRENCY at a time (the most wts's pool sends at once; wts starts at 8 and
// doubles up to it, the floor is there from the first request). Each item is printed as wts prints it
// piped, in the order given, as soon as those before it have ended: `id<TAB>ok<TAB>Completed id (title)`.
// Usage: node floor-bulk.mjs < ids   (reads FLOOR_ORIGIN and FLOOR_TOKEN, its own sign-in; FLOOR_CONCURRENCY)
import { api, floorClient, inTurn } from './floor-http.mjs';

const concurrency = Number(process.env.FLOOR_CONCURRENCY ?? 64);
const http = floorClient({ maxSockets: concurrency });
const task = (id, what = '') => api(`tasks/${encodeURIComponent(id)}${what}`);

let input = '';
for await (const chunk of process.stdin) input += chunk;
const ids = [
  ...new Set(
    input
      .split('\n')
      .map((line) => line.split('\t')[0].trim())
      .filter(Boolean),
  ),
];
await inTurn(ids, concurrency, (id) => http.get(task(id)));
const lines = new Array(ids.length);
let printed = 0;
await inTurn(ids, concurrency, async (id, i) => {
  const done = await http.post(task(id, '/complete'));
  lines[i] = `${id}\tok\tCompleted ${done.id} (${done.title})\n`;
  let out = '';
  while (printed < ids.length && lines[printed] !== undefined) out += lines[printed++];
  if (out) process.stdout.write(out);
});
http.close();
