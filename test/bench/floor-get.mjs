// The floor for one request: what a bare Node process needs to make `wts workspace list --json`'s GET
// with node:http and print the same JSON array. Reads WTS_ORIGIN and FLOOR_TOKEN (its own sign-in).
import { request } from 'node:http';

const url = new URL('/api/v1/workspaces', process.env.WTS_ORIGIN);
const headers = { authorization: `Bearer ${process.env.FLOOR_TOKEN}`, accept: 'application/json' };
request(url, { headers }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (text += chunk));
  res.on('end', () => {
    if (res.statusCode !== 200) {
      process.stderr.write(`floor-get: ${res.statusCode} ${text}\n`);
      process.exitCode = 1;
      return;
    }
    const { items } = JSON.parse(text);
    process.stdout.write(items.length ? `[${items.map((item) => `\n${JSON.stringify(item)}`).join(',')}\n]\n` : '[]\n');
  });
}).end();
