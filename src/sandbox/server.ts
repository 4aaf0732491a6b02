import { Hono } from 'hono';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import { DEFAULT_FAULTS, SandboxClock, SandboxStore, type SandboxContext, type SandboxOptions } from './context.js';
import { seedState } from './seed.js';
import { OAuthServer } from './oauth/server.js';
import { apiRoutes } from './api/routes.js';
import { mcpRoutes } from './mcp.js';
import { controlRoutes } from './controls.js';
import { AgentSimulator } from './agent.js';
import { ServiceError, problemResponse } from './problem.js';
import { addBulkWorkspace } from './seed.js';
import { WireRenamer } from './wire.js';
import { errnoOf, messageOf, stackOf } from '../errors.js';

export interface RunningSandbox {
  origin: string;
  /** Where it listens (http://127.0.0.1:PORT): its origin too, unless started with a public origin. */
  listening: string;
  ctx: SandboxContext;
  close(): Promise<void>;
}

type Env = { Bindings: HttpBindings };

/** A sandbox that cannot start as asked: a bad option, an unreadable data file, a port in use. */
export class SandboxStartError extends Error {}

/** Starts the sandbox in this process and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  let store: SandboxStore;
  try {
    store = SandboxStore.load(options.dataFile, () => {
      const state = seedState(Date.now());
      if (options.seedTasks) addBulkWorkspace(state, options.seedTasks, Date.now());
      return state;
    });
  } catch (err) {
    throw new SandboxStartError(`cannot use the data file ${options.dataFile}: ${messageOf(err)}`);
  }
  if (options.autoApprove && !store.state.data.users.some((u) => u.login === options.autoApprove)) {
    const logins = store.state.data.users.map((u) => u.login).join(', ');
    throw new SandboxStartError(`--auto-approve: no demo user ${options.autoApprove}; choose one of ${logins}`);
  }
  const clock = new SandboxClock(store.state.clockOffsetMs);
  // The OAuth server and the agent are parts of the context that are made from it: the context hands them out once they exist.
  // Its origin: the public one, or http://HOST:PORT; or, for a request to localhost:PORT of a sandbox with no
  // public origin, http://localhost:PORT, so that the issuer is the URL asked (RFC 8414) by either loopback name.
  let ownOrigin = '';
  const askedAs = new AsyncLocalStorage<string>();
  const ctx: SandboxContext = {
    get origin() {
      return askedAs.getStore() ?? ownOrigin;
    },
    store,
    clock,
    counters: { refreshes: 0, revocations: 0, requests: 0 },
    faults: { ...DEFAULT_FAULTS, ...options.faults },
    autoApprove: options.autoApprove ?? null,
    get tokens() {
      return oauth;
    },
    get agent() {
      return agent;
    },
    log: options.log ?? (() => {}),
    ...(options.wire && { wire: new WireRenamer(options.wire) }),
  };
  const oauth = new OAuthServer(ctx);
  const agent = new AgentSimulator(ctx);

  const host = options.host ?? '127.0.0.1';
  const app = new Hono<Env>();
  let allowedHosts = new Set<string>();
  let listeningPort = 0;

  // DNS-rebinding protection: answer only requests addressed to our own host:port.
  app.use('*', async (c, next) => {
    const hostHeader = c.req.header('host') ?? '';
    if (!allowedHosts.has(hostHeader.toLowerCase())) {
      return problemResponse(c, new ServiceError('forbidden_host', `this sandbox answers only requests for ${ctx.origin}`));
    }
    if (!c.req.path.startsWith('/__sandbox/')) ctx.counters.requests += 1;
    if (options.publicOrigin === undefined && hostHeader.toLowerCase() === `localhost:${listeningPort}`) {
      await askedAs.run(`http://localhost:${listeningPort}`, next);
    } else await next();
  });
  app.route('/__sandbox', controlRoutes(ctx));
  app.route('/', oauth.routes());
  app.route('/api/v1', apiRoutes(ctx));
  app.route('/mcp', mcpRoutes(ctx));
  app.notFound((c) => problemResponse(c, new ServiceError('not_found', `no such path: ${c.req.method} ${c.req.path}`)));
  app.onError((err, c) => {
    if (err instanceof ServiceError) return problemResponse(c, err);
    ctx.log(`internal error: ${stackOf(err)}`);
    return problemResponse(c, new ServiceError('internal_error', 'the sandbox failed to handle this request'));
  });

  const server = createServer(getRequestListener(app.fetch, { hostname: host }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(
        new SandboxStartError(
          errnoOf(err) === 'EADDRINUSE' ? `port ${options.port} is already in use` : `cannot listen on ${host}: ${messageOf(err)}`,
        ),
      ),
    );
    server.listen(options.port ?? 0, host, resolve);
  });
  const address = server.address();
  // A TCP server that listens has an address; a string is a pipe's name.
  if (address === null || typeof address === 'string') throw new SandboxStartError(`cannot listen on ${host}: no TCP address`);
  const { port } = address;
  listeningPort = port;
  ownOrigin = options.publicOrigin === undefined ? `http://${host}:${port}` : new URL(options.publicOrigin).origin;
  allowedHosts = new Set([`${host}:${port}`, `localhost:${port}`]);
  if (options.publicOrigin !== undefined) allowedHosts.add(new URL(options.publicOrigin).host);
  agent.start();

  return {
    origin: ctx.origin,
    listening: `http://${host}:${port}`,
    ctx,
    async close() {
      agent.stop();
      store.state.clockOffsetMs = clock.offsetMs;
      store.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
