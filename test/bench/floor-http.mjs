// What every floor script shares: its HTTP, node:http and nothing else. The service is FLOOR_ORIGIN, the
// token FLOOR_TOKEN (the floor's own sign-in, so its requests never count against wts's share of a rate
// limit). Each floor says how it holds connections (one kept alive, up to N kept alive, or the default
// agent), so its figure keeps what it measures; an answer other than 200 fails the floor.
import { Agent, request } from 'node:http';

const headers = { authorization: `Bearer ${process.env.FLOOR_TOKEN}`, accept: 'application/json' };

/** An URL of the API: `path` under /api/v1/, with `query`'s entries (undefined ones left out). */
export function api(path, query = {}) {
  const url = new URL(`/api/v1/${path}`, process.env.FLOOR_ORIGIN);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url;
}

/**
 * A client over kept-alive connections, at most `maxSockets` of them (default: as many as requests in
 * flight), or over node's default agent when `agent` is 'default'. A GET sent on a kept-alive connection
 * the server closed while idle fails with ECONNRESET: it is sent again once, as wts's HTTP layer does
 * with a read. A POST is never sent twice.
 */
export function floorClient({ maxSockets, agent: which } = {}) {
  const agent = which === 'default' ? undefined : new Agent({ keepAlive: true, ...(maxSockets !== undefined && { maxSockets }) });
  function send(method, url, body, again) {
    return new Promise((resolve, reject) => {
      const sent = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
      request(url, { method, headers: sent, ...(agent && { agent }) }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${method} ${url.pathname}: ${res.statusCode} ${text}`)),
        );
      })
        .on('error', (error) =>
          again && error.code === 'ECONNRESET' ? send(method, url, body, false).then(resolve, reject) : reject(error),
        )
        .end(body === undefined ? undefined : JSON.stringify(body));
    });
  }
  return {
    get: (url) => send('GET', url, undefined, true),
    post: (url, body = {}) => send('POST', url, body, false),
    /** Closes the kept-alive connections, so the process ends at once. */
    close: () => agent?.destroy(),
  };
}

/** Up to `concurrency` of `work(item, index)` at once over `items`, in order; resolves to the results in order. */
export async function inTurn(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
