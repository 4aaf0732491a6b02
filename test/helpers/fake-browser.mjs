#!/usr/bin/env node
// A stand-in for a browser, for BROWSER in tests: opens the URL it is given (its last argument),
// follows the redirects over HTTP (a sandbox started with --auto-approve answers the authorization
// request with a redirect to the loopback callback) and requests the callback as a browser would.
//
//   BROWSER="node test/helpers/fake-browser.mjs --record /tmp/out.json"
//
// --record FILE writes { argv, callbackStatus, page } to FILE (argv: exactly what this process received).
// --system-network: reaches the web as a browser set up by the system does: through HTTPS_PROXY/HTTP_PROXY
// (NO_PROXY honored, loopback always direct) and trusting the CA bundle in SSL_CERT_FILE besides Node's own.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';

const args = process.argv.slice(2);
const url = args.at(-1);
const recordAt = args.indexOf('--record');
const record = recordAt >= 0 ? args[recordAt + 1] : undefined;
const result = { argv: process.argv, callbackStatus: null, page: null, error: null };
const init = { redirect: 'manual' };
if (args.includes('--system-network')) {
  const { EnvHttpProxyAgent, fetch: undiciFetch } = await import('undici');
  const ca = [...rootCertificates, ...(process.env.SSL_CERT_FILE ? [readFileSync(process.env.SSL_CERT_FILE, 'utf8')] : [])];
  const noProxy = [process.env.no_proxy ?? process.env.NO_PROXY, '127.0.0.1', 'localhost', '[::1]'].filter(Boolean).join(',');
  init.dispatcher = new EnvHttpProxyAgent({ noProxy, connect: { ca }, requestTls: { ca } });
  globalThis.fetch = undiciFetch;
}

try {
  let next = new URL(url);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, init);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.arrayBuffer();
      next = new URL(location, next);
      continue;
    }
    const page = await res.text();
    if (next.hostname === '127.0.0.1' && next.pathname === '/callback') {
      result.callbackStatus = res.status;
      result.page = page;
    } else {
      result.error = `stopped at ${next.origin}${next.pathname} (${res.status}): no auto-approval?`;
    }
    break;
  }
} catch (err) {
  result.error = String(err?.message ?? err);
}
// Written aside, then renamed: the test waits for the file to exist and must never read half of it.
if (record) {
  writeFileSync(`${record}.tmp`, JSON.stringify(result, null, 2));
  renameSync(`${record}.tmp`, record);
}
process.exit(result.callbackStatus ? 0 : 1);
