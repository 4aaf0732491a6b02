// `wts doctor`: whether this machine can work with this service. The origin and how it is reached, the
// sign-in, and the contract: the service's OpenAPI document (cached per origin and wts version,
// src/api/wire-cache.ts) compared with the catalog (src/contract/wire-learn.ts), each difference said
// with what settles it: the document itself (wts adapts: the learned names are written to the cache,
// where every later command reads them), the names file, or nothing yet (a names file is needed).
import { readNamesFile } from '../api/wire.js';
import { documentPlaces, fetchDocument, learnedNamesFile, readCachedDocument, writeCache } from '../api/wire-cache.js';
import { cacheDir } from '../config.js';
import type { CommandContext } from '../context.js';
import { getOperation, OPERATION_IDS } from '../contract/operations.js';
import { compareWithCatalog, pageDifference, type Difference } from '../contract/wire-learn.js';
import { mergeWireNames, operationNames, type WireNames } from '../contract/wire-names.js';
import { describeFailure } from '../errors.js';
import { network } from '../net/network.js';
import { isRecord } from '../type-guards.js';

/** What settles a difference: the document (wts adapts), the names file, or nothing yet. */
export type Settled = 'document' | 'names file' | 'needs a names file';

export interface DoctorLine {
  where: string;
  kind: Difference['kind'];
  wts: string;
  /** The service's name; null: missing from the document. */
  service: string | null;
  candidates?: string[];
  settled: Settled;
}

export interface DoctorReport {
  origin: string;
  originFrom: string;
  /** How the origin is reached: "direct", or "via the proxy … (HTTPS_PROXY)" (src/net/proxy.ts). */
  network: string;
  signIn: { ok: boolean; line: string };
  document: { url: string; fetchedAt: string; cached: boolean } | { url: null; tried: string[] };
  names: { file: string | null; learnedCache: string | null };
  differences: DoctorLine[];
  /** The names file that settles what was found (the learned names, then the file's over them). */
  settling: WireNames;
  ok: boolean;
}

function originFrom(ctx: CommandContext): string {
  if (ctx.globals.origin) return '--origin';
  if (ctx.env.WTS_ORIGIN) return 'WTS_ORIGIN';
  return `the profile ${ctx.profileName()}`;
}

/** Whether the names file renames this difference (and so settles it). */
function inFile(file: WireNames | undefined, d: Difference): boolean {
  if (!file) return false;
  if (d.kind === 'page') return file.page !== undefined;
  if (d.kind === 'operation') return false;
  const isOperation = d.kind === 'query' || d.kind === 'body';
  const names = operationNames(file, isOperation ? d.where : '', isOperation ? resultOf(d.where) : d.where);
  if (!names) return false;
  if (d.kind === 'query') return Object.hasOwn(names.query.out, d.wts);
  if (d.kind === 'value') {
    const [field = '', value = ''] = d.wts.split('=');
    return Object.hasOwn(names.values[field]?.out ?? {}, value);
  }
  return Object.hasOwn(names.fields.out, d.wts);
}

function resultOf(opId: string): string {
  const op = OPERATION_IDS.find((id) => id === opId);
  return op ? getOperation(op).result : '';
}

/** The document: the cached one unless stale or `refresh`, else fetched from where it is likely served. */
async function documentFor(ctx: CommandContext, origin: string, dir: string | undefined, refresh: boolean) {
  const cached = dir !== undefined && !refresh ? readCachedDocument(dir, origin, ctx.now()) : undefined;
  if (cached) return { cached: true, ...cached };
  const fetched = await fetchDocument(documentPlaces(origin, ctx.setting('openapi-url')), ctx.now);
  return 'tried' in fetched ? fetched : { cached: false, ...fetched };
}

/** Runs every check; prints nothing (src/commands/doctor.ts does). */
export async function runDoctor(ctx: CommandContext, options: { refresh: boolean }): Promise<DoctorReport> {
  const origin = ctx.origin();
  const dir = cacheDir(ctx.env);
  const fileName = ctx.env.WTS_WIRE_NAMES || ctx.setting('wire-names') || undefined;
  const file = fileName ? readNamesFile(fileName, ctx.env.WTS_WIRE_NAMES ? 'WTS_WIRE_NAMES' : 'wire-names') : undefined;
  const doc = await documentFor(ctx, origin, dir, options.refresh);
  let differences: DoctorLine[] = [];
  let learned: WireNames = {};
  let learnedCache: string | null = null;
  if (!('tried' in doc) && isRecord(doc.document)) {
    const comparison = compareWithCatalog(doc.document);
    learned = comparison.learned;
    const page = pageDifference(learned);
    const all = page ? [page, ...comparison.differences] : comparison.differences;
    differences = all.map((d) => ({
      where: d.where,
      kind: d.kind,
      wts: d.wts,
      service: d.service ?? null,
      ...(d.candidates && { candidates: d.candidates }),
      settled: inFile(file, d) ? 'names file' : d.service !== undefined ? 'document' : 'needs a names file',
    }));
    if (dir !== undefined) {
      // Written before the sign-in check below, so its client reads the names just learned.
      writeCache(dir, origin, { url: doc.url, fetchedAt: doc.fetchedAt, document: doc.document }, learned);
      learnedCache = learnedNamesFile(dir, origin);
    }
  }
  const signIn = await checkSignIn(ctx);
  const blocked = differences.some((d) => d.settled === 'needs a names file') || !signIn.ok;
  return {
    origin,
    originFrom: originFrom(ctx),
    network: network.routeText(origin),
    signIn,
    document: 'tried' in doc ? { url: null, tried: doc.tried } : { url: doc.url, fetchedAt: doc.fetchedAt, cached: doc.cached },
    names: { file: fileName ?? null, learnedCache },
    differences,
    settling: mergeWireNames(learned, file),
    ok: !blocked,
  };
}

/** One cheap signed-in request (list_workspaces), through the client every command uses. */
async function checkSignIn(ctx: CommandContext): Promise<{ ok: boolean; line: string }> {
  try {
    const api = await ctx.api();
    const page = await api.call('list_workspaces', { path: {} });
    const n = page.items.length;
    return { ok: true, line: `signed in: the service lists ${n} workspace${n === 1 ? '' : 's'} for this connection` };
  } catch (err) {
    return { ok: false, line: (await describeFailure(err)).message };
  }
}
