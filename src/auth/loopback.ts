// The one-shot listener the browser comes back to: 127.0.0.1 only, path /callback, the first callback
// that carries this sign-in's `state` taken and the listener closed. Any other local process or web page
// can send requests here too: one without the right state is answered with an error page (which repeats
// nothing it was sent) and the listener keeps waiting. The page shown waits for the outcome, so
// "signed in" is true.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Server } from 'node:net';
import { CliError, ExitCode } from '../errors.js';

export const CALLBACK_PATH = '/callback';

export interface CallbackPage {
  ok: boolean;
  title: string;
  message: string;
}

export interface LoopbackCallback {
  /** The callback URL as the browser sent it. */
  url: URL;
  /** Answers the browser; without it the page says the terminal has the outcome after a while. */
  respond(page: CallbackPage): void;
}

export interface LoopbackListener {
  /** http://127.0.0.1:PORT/callback */
  redirectUri: string;
  /** The first callback carrying the expected state. */
  callback: Promise<LoopbackCallback>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function callbackPageHtml(page: CallbackPage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} — wts</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem;color:${page.ok ? '#1a7f37' : '#b42318'}}</style>
</head><body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p></body></html>
`;
}

function send(res: ServerResponse, status: number, page: CallbackPage): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The address of this page carries the authorization code: do not pass it on.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(callbackPageHtml(page));
}

/** How long the browser is kept waiting for the outcome before a neutral page. */
const RESPOND_WITHIN_MS = 60_000;

/** The port a listening server was given (a TCP server on 127.0.0.1 has an address, never a pipe name). */
function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the loopback listener has no TCP port');
  return address.port;
}

/** Listens on 127.0.0.1 (an ephemeral port unless `port` is given) for the one callback with `expectedState`. */
export async function startLoopbackListener(port: number | undefined, expectedState: string): Promise<LoopbackListener> {
  let taken = false;
  let resolveCallback!: (cb: LoopbackCallback) => void;
  const callback = new Promise<LoopbackCallback>((resolve) => (resolveCallback = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${portOf(server)}`);
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('not found\n');
      return;
    }
    if (taken) {
      send(res, 410, { ok: false, title: 'Already used', message: 'This sign-in has already received its answer; look at the terminal.' });
      return;
    }
    if (url.searchParams.get('state') !== expectedState) {
      // Not this sign-in's answer (a stale tab, another program): refused, and the wait goes on.
      send(res, 400, {
        ok: false,
        title: 'Not this sign-in',
        message:
          'This address does not carry the answer wts is waiting for (a stale tab, or a request from elsewhere). The sign-in in your terminal is still waiting.',
      });
      return;
    }
    taken = true;
    let answered = false;
    const fallback = setTimeout(
      () => respond({ ok: false, title: 'Look at the terminal', message: 'wts has the answer; the terminal says how the sign-in ended.' }),
      RESPOND_WITHIN_MS,
    );
    fallback.unref();
    function respond(page: CallbackPage) {
      if (answered) return;
      answered = true;
      clearTimeout(fallback);
      send(res, page.ok ? 200 : 400, page);
    }
    resolveCallback({ url, respond });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new CliError(`--port ${port}: that port is in use on 127.0.0.1; choose another, or leave out --port`, ExitCode.usage)
          : new CliError(`cannot listen on 127.0.0.1 for the browser's answer: ${err.message}`, ExitCode.failure),
      ),
    );
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  const actualPort = portOf(server);
  return {
    redirectUri: `http://127.0.0.1:${actualPort}${CALLBACK_PATH}`,
    callback,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Let a response being written finish, then drop what is idle.
        setImmediate(() => server.closeIdleConnections());
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
    },
  };
}
