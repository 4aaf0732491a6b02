import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import type { Principal, SandboxState } from './model.js';
import type { AgentSimulator } from './agent.js';
import { errnoOf } from '../errors.js';
import { CREATION_ORDER, keepInOrder } from './api/paging.js';
import { readSandboxData } from './data-file.js';
import type { SandboxWire, WireRenamer } from './wire.js';

/** The sandbox's clock: real time plus an offset that /__sandbox/clock moves. */
export class SandboxClock {
  private readonly listeners: (() => void)[] = [];
  constructor(public offsetMs = 0) {}
  now(): number {
    return Date.now() + this.offsetMs;
  }
  iso(): string {
    return new Date(this.now()).toISOString();
  }
  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000);
    for (const listener of this.listeners) listener();
  }
  /** Called after every advance, so reminders and schedules that became due fire at once. */
  onAdvance(listener: () => void): void {
    this.listeners.push(listener);
  }
}

/** Counters reported by GET /__sandbox/stats. */
export interface SandboxCounters {
  refreshes: number;
  revocations: number;
  requests: number;
}

/** Fault injection, set by POST /__sandbox/faults or `wts sandbox` flags. Rates are 0..1. */
export interface Faults {
  rate429: number;
  rate5xx: number;
  latencyMs: number;
  dropRate: number; // the connection is destroyed without an answer
  retryAfterSeconds: number;
  /** Real rate limiting per connection: at most this many API/MCP requests per window (0: off). */
  rateLimit: number;
  rateLimitWindowSeconds: number;
  /** Each refresh_token grant takes this much longer before it answers (a refresh in flight, for tests). */
  refreshDelayMs: number;
}

export const DEFAULT_FAULTS: Faults = {
  rate429: 0,
  rate5xx: 0,
  latencyMs: 0,
  dropRate: 0,
  retryAfterSeconds: 1,
  rateLimit: 6000,
  rateLimitWindowSeconds: 60,
  refreshDelayMs: 0,
};

/** Verifies access tokens; implemented by the OAuth server. */
export interface TokenVerifier {
  /** The principal for a valid, unexpired, unrevoked token bound to `resource`; undefined otherwise. */
  verifyAccessToken(token: string, resource: string): Principal | undefined;
  connectionStats(): { id: string; refreshes: number; revoked: boolean; refreshing: boolean }[];
}

/** Keeps the state in memory and, with --data FILE, on disk: written atomically (temp file, fsync, rename). */
export class SandboxStore {
  private saveTimer: NodeJS.Timeout | undefined;
  constructor(
    public state: SandboxState,
    private readonly dataFile: string | undefined,
  ) {
    // Tasks are kept in creation order from here on (insertInOrder), whatever a data file or the seed's
    // bulk workspace (older tasks added last) held: listings read a page of them without sorting.
    keepInOrder(state.data.tasks, CREATION_ORDER);
  }

  static load(dataFile: string | undefined, fresh: () => SandboxState): SandboxStore {
    if (dataFile) {
      let text: string | undefined;
      try {
        text = readFileSync(dataFile, 'utf8');
      } catch (err) {
        if (errnoOf(err) !== 'ENOENT') throw err;
      }
      // Every record checked; what an older sandbox did not write takes its default (src/sandbox/data-file.ts).
      if (text !== undefined) return new SandboxStore(readSandboxData(text), dataFile);
    }
    const store = new SandboxStore(fresh(), dataFile);
    store.changed();
    return store;
  }

  nextId(prefix: string): string {
    const id = `${prefix}_${this.state.seq}`;
    this.state.seq += 1;
    return id;
  }

  /** Marks the state as changed; with a data file, a write follows shortly. */
  changed(): void {
    if (!this.dataFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.flush();
    }, 50);
    this.saveTimer.unref();
  }

  flush(): void {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
    }
    if (!this.dataFile) return;
    mkdirSync(dirname(this.dataFile), { recursive: true, mode: 0o700 });
    writeFileAtomic(this.dataFile, JSON.stringify(this.state));
  }
}

export interface SandboxOptions {
  port?: number;
  host?: string;
  autoApprove?: string | null; // a user login
  dataFile?: string;
  faults?: Partial<Faults>;
  /** Adds a workspace "Bulk" with this many more tasks (benchmarks). */
  seedTasks?: number;
  /** Prints nothing when false (tests). */
  log?: (line: string) => void;
  /** Plays a service that names things otherwise (`--wire-names`, `--wire-document`, `--unknown-names`: src/sandbox/wire.ts). */
  wire?: SandboxWire;
  /**
   * The origin the sandbox is reached at when it sits behind a TLS front or a proxy (https://tasks.test:8443):
   * its issuer, resources and every URL it prints or serves, and a Host it answers besides its own.
   */
  publicOrigin?: string;
}

/** Everything the sandbox's parts share. */
export interface SandboxContext {
  /** Set once the server listens; during a request, the origin it was asked by (localhost or the address). */
  readonly origin: string;
  store: SandboxStore;
  clock: SandboxClock;
  counters: SandboxCounters;
  faults: Faults;
  autoApprove: string | null;
  tokens: TokenVerifier;
  agent: AgentSimulator;
  log: (line: string) => void;
  /** The renames of a sandbox playing another service; undefined: wts's own names. */
  wire?: WireRenamer;
}
