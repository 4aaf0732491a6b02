// The floor for a bulk verb: `wts task complete -` done by a bare Node process. The ids are read from
// standard input (one a line, the first tab-separated field), each POST /tasks/{id}/complete is sent with
// node:http over kept-alive connections, CONCURRENCY at a time (the most wts's pool sends at once), and
// each item is printed as wts prints it piped, in the order given: `id<TAB>ok<TAB>Completed id (title)`.
// Usage: node floor-bulk.mjs < ids   (reads WTS_ORIGIN and FLOOR_TOKEN, its own sign-in; FLOOR_CONCURRENCY)
import { Agent, request } from 'node:http';

const concurrency = Number(process.env.FLOOR_CONCURRENCY ?? 64);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { authorization: `Bearer ${process.env.FLOOR_TOKEN}`, accept: 'application/json', 'content-type': 'application/json' };

function complete(id) {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/v1/tasks/${encodeURIComponent(id)}/complete`, process.env.WTS_ORIGIN);
    request(url, { agent, headers, method: 'POST' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`))));
    })
      .on('error', reject)
      .end('{}');
  });
}

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
const lines = new Array(ids.length);
let next = 0;
let printed = 0;
async function worker() {
  while (next < ids.length) {
    const i = next++;
    const task = await complete(ids[i]);
    lines[i] = `${ids[i]}\tok\tCompleted ${task.id} (${task.title})\n`;
    let out = '';
    while (printed < ids.length && lines[printed] !== undefined) out += lines[printed++];
    if (out) process.stdout.write(out);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
agent.destroy();
