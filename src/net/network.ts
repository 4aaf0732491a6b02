// The one HTTP stack: every request wts makes (the API, every OAuth request, `wts mcp`, `wts api`) goes
// through undici dispatchers made here, so a proxy, a company certificate authority and a deadline apply
// the same to all of them. Nothing is loaded or computed for the no-proxy path beyond what the API client
// always loaded (undici's Agent): the proxy agent is loaded only when a proxy applies, and the system's
// certificate store is read only after a certificate was refused as issued by an unknown authority (then
// that connection is tried once more with it).
import type { Dispatcher } from 'undici';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import { MAX_TIMER_MS } from '../sleep.js';
import { certificateOf, codeOf, explainFailure, type NetFailure, type PeerCertificate } from './failure.js';
import { type Env, routeOf, type Route, routeText } from './proxy.js';
import { loadTls, UNKNOWN_ISSUER, widenedTrust } from './trust.js';

/** What fetch() takes: a request's method, headers, body and signal. */
export interface FetchInit {
  method: string;
  headers?: ConstructorParameters<typeof Headers>[0] | undefined;
  body?: string | Uint8Array | ArrayBuffer | URLSearchParams | ReadableStream | null | undefined;
  signal?: AbortSignal | null | undefined;
  redirect?: string | undefined;
}

/** One request on `dispatcher`, its answer read whole into a Response; rejects with undici's error, or the signal's reason. */
function sendOn(dispatcher: Dispatcher, url: URL, init: FetchInit): Promise<Response> {
  const { body } = init;
  if (body instanceof ReadableStream) return Promise.reject(new Error('wts sends no streamed body'));
  const payload = body instanceof URLSearchParams ? body.toString() : body instanceof ArrayBuffer ? Buffer.from(body) : (body ?? undefined);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return new Promise((resolve, reject) => {
    let abort: ((reason: Error) => void) | undefined;
    // The body as it comes: the Response resolves with the headers, and its body fails if the rest is cut.
    let body: ReadableStreamDefaultController<Uint8Array> | undefined;
    let headed = false;
    const signal = init.signal ?? undefined;
    const onAbort = () => {
      const reason = signal?.reason instanceof Error ? signal.reason : new Error('aborted');
      if (abort) abort(reason);
      else reject(reason);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    dispatcher.dispatch(
      { origin: url.origin, path: `${url.pathname}${url.search}`, method: init.method, headers, body: payload },
      {
        onConnect(abortRequest) {
          abort = abortRequest;
        },
        onHeaders(statusCode, rawHeaders) {
          if (statusCode < 200) return true;
          const answerHeaders: [string, string][] = [];
          for (let i = 0; i + 1 < rawHeaders.length; i += 2) answerHeaders.push([String(rawHeaders[i]), String(rawHeaders[i + 1])]);
          const nullBody = statusCode === 204 || statusCode === 205 || statusCode === 304;
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              body = controller;
            },
          });
          headed = true;
          resolve(new Response(nullBody ? null : stream, { status: statusCode, headers: answerHeaders }));
          return true;
        },
        onData(chunk) {
          body?.enqueue(new Uint8Array(chunk));
          return true;
        },
        onComplete() {
          done();
          body?.close();
        },
        onError(err) {
          done();
          if (headed) body?.error(err);
          else reject(err);
        },
      },
    );
  });
}

export interface DispatcherOptions {
  /** Connections kept per origin, at most. */
  connections?: number;
  /** The longest a connection (DNS, TCP, the proxy's tunnel, TLS) may take. */
  connectTimeoutMs: number;
}

/** The state the process's requests share: which authorities are trusted beyond Node's defaults. */
class Network {
  /** Set once trust was widened (after an unknown-issuer failure): the authorities every new dispatcher uses. */
  private ca: string[] | undefined;
  /** The dispatchers of fetch(), by origin. */
  private readonly fetchers = new Map<string, Dispatcher>();

  constructor(private readonly env: Env) {}

  /** How `url` is reached: straight, or through which proxy (for --debug and `wts doctor`). */
  routeOf(url: string | URL): Route {
    return routeOf(typeof url === 'string' ? new URL(url) : url, this.env);
  }

  /** The route in words: "direct", "via the proxy http://proxy.corp:3128 (HTTPS_PROXY)". */
  routeText(url: string | URL): string {
    return routeText(this.routeOf(url));
  }

  /** A dispatcher for requests to `url`'s origin, through its proxy when one applies; h2 when offered. */
  async dispatcherFor(url: URL, options: DispatcherOptions): Promise<Dispatcher> {
    const route = this.routeOf(url);
    const timeout = Math.min(Math.max(options.connectTimeoutMs, 1), MAX_TIMER_MS);
    const tls = { timeout, allowH2: true, ...(this.ca !== undefined && { ca: this.ca }) };
    const common = { keepAliveTimeout: 10_000, connections: options.connections ?? null, allowH2: true };
    if (route.kind === 'direct') return new AgentClass({ ...common, connect: tls });
    const [{ default: ProxyAgent }, { default: DispatcherClass }, { default: connect }] = await Promise.all([
      import('undici/lib/dispatcher/proxy-agent.js'),
      import('undici/lib/dispatcher/dispatcher.js'),
      import('undici/lib/api/api-connect.js'),
    ]);
    // undici's entry point gives every dispatcher its API methods; the proxy's tunnel needs connect().
    if (!('connect' in DispatcherClass.prototype)) Object.assign(DispatcherClass.prototype, { connect });
    return new ProxyAgent({ ...common, uri: route.proxy.href, requestTls: tls, proxyTls: { timeout } });
  }

  /**
   * After a failure: true when it was a certificate from an unknown authority and trust was not widened
   * yet; trust is then widened (the system's store, NODE_EXTRA_CA_CERTS, WTS_CA_FILE) for every new
   * dispatcher, and the caller tries that connection once more with a new one.
   */
  widenTrustAfter(err: unknown): boolean {
    const code = codeOf(err);
    if (this.ca !== undefined || code === undefined || !UNKNOWN_ISSUER.has(code)) return false;
    this.ca = widenedTrust(this.env);
    return true;
  }

  /**
   * fetch through this stack, for the OAuth requests: sent on undici's dispatcher (never Node's bundled
   * copy of undici, nor its fetch: one stack), the answer read whole into a standard Response. The
   * connection's own deadline is a little inside the request's, so a connection that never completes is
   * a failure before sending, not a lost answer. Redirects are never followed.
   */
  async fetch(input: string | URL, init: FetchInit, timeoutMs: number): Promise<Response> {
    const url = new URL(String(input));
    for (let attempt = 0; ; attempt++) {
      const key = url.origin;
      let dispatcher = this.fetchers.get(key);
      if (!dispatcher) {
        dispatcher = await this.dispatcherFor(url, { connectTimeoutMs: Math.max(1, Math.floor(timeoutMs * 0.9)) });
        this.fetchers.set(key, dispatcher);
      }
      try {
        return await sendOn(dispatcher, url, init);
      } catch (err) {
        if (init.signal?.aborted) throw err;
        if (attempt === 0 && this.widenTrustAfter(err)) {
          this.fetchers.clear();
          continue;
        }
        throw (await this.explain(err, url)) ?? err;
      }
    }
  }

  /** A failure before sending, in words (with the server's certificate when one was refused). */
  async explain(err: unknown, url: URL): Promise<NetFailure | undefined> {
    let route: Route;
    try {
      route = this.routeOf(url);
    } catch {
      return undefined;
    }
    const code = codeOf(err);
    const needsCert = code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID' || (code !== undefined && UNKNOWN_ISSUER.has(code));
    const cert = needsCert && route.kind === 'direct' && url.protocol === 'https:' ? await peerCertificate(url) : undefined;
    return explainFailure(err, url, route, cert);
  }
}

/** The certificate a server shows, not verified (only to say why it was refused); undefined when none came in 3 s. */
async function peerCertificate(url: URL): Promise<PeerCertificate | undefined> {
  const tls = loadTls();
  return new Promise((resolve) => {
    const port = Number(url.port || 443);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const socket = tls.connect({ host, port, servername: /^[\d.:]+$/.test(host) ? undefined : host, rejectUnauthorized: false });
    const done = (cert: PeerCertificate | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(cert);
    };
    const timer = setTimeout(() => done(undefined), 3000);
    socket.once('secureConnect', () => {
      done(certificateOf(socket.getPeerCertificate()));
    });
    socket.once('error', () => done(undefined));
  });
}

/** The process's network: one for every request it makes. */
export const network = new Network(process.env);
