// The service's OpenAPI document and the names learned from it, cached per origin and per wts version
// under the cache directory (WTS_CACHE_DIR, else the platform's, as for the code cache): `wire/`, one
// document file and one small names file per origin. Only `wts doctor` fetches the document (when the
// cached one is missing, older than STALE_MS, of another wts version, or with --refresh) and writes the
// names; a command only reads the names file (src/api/wire.ts), never the document.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import type { WireNames } from '../contract/wire-names.js';
import { messageOf } from '../errors.js';
import { isRecord } from '../type-guards.js';

/** A cached document older than this is fetched again by `wts doctor`. */
export const STALE_MS = 24 * 60 * 60 * 1000;

const require = createRequire(import.meta.url);
let version: string | undefined;

/** wts's version (package.json): a cache is per version, as what wts sends and expects changes with it. */
function wtsVersion(): string {
  if (version === undefined) {
    let pkg: unknown;
    try {
      pkg = require('../package.json'); // the bundle, in dist/
    } catch {
      pkg = require('../../package.json'); // the source, in src/api/ (tests)
    }
    version = isRecord(pkg) && typeof pkg.version === 'string' ? pkg.version : '0';
  }
  return version;
}

/** An origin as part of a file name: `http://127.0.0.1:8787` → `http_127.0.0.1_8787`. */
function originPart(origin: string): string {
  return origin.replace(/[^a-zA-Z0-9.-]+/g, '_').slice(0, 200);
}

/** The file of the names learned for `origin` by this wts version. */
export function learnedNamesFile(cacheDir: string, origin: string): string {
  return join(cacheDir, 'wire', `${originPart(origin)}-${wtsVersion()}.names.json`);
}

function documentFile(cacheDir: string, origin: string): string {
  return join(cacheDir, 'wire', `${originPart(origin)}-${wtsVersion()}.openapi.json`);
}

/** A document as cached: where it came from and when. */
export interface CachedDocument {
  url: string;
  fetchedAt: string;
  document: unknown;
}

/** The cached document of `origin`, when there is one younger than STALE_MS. */
export function readCachedDocument(cacheDir: string, origin: string, now: number): CachedDocument | undefined {
  const file = documentFile(cacheDir, origin);
  try {
    if (now - statSync(file).mtimeMs > STALE_MS) return undefined;
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isRecord(parsed) || typeof parsed.url !== 'string' || typeof parsed.fetchedAt !== 'string') return undefined;
    return { url: parsed.url, fetchedAt: parsed.fetchedAt, document: parsed.document };
  } catch {
    return undefined;
  }
}

/** Keeps the document and the names learned from it (0600 files in a 0700 directory). */
export function writeCache(cacheDir: string, origin: string, cached: CachedDocument, names: WireNames): void {
  mkdirSync(join(cacheDir, 'wire'), { recursive: true, mode: 0o700 });
  writeFileAtomic(documentFile(cacheDir, origin), JSON.stringify(cached), 0o600, false);
  const record = { origin, url: cached.url, fetchedAt: cached.fetchedAt, names };
  writeFileAtomic(learnedNamesFile(cacheDir, origin), `${JSON.stringify(record, null, 2)}\n`, 0o600, false);
}

/** Where a service is likely to serve its OpenAPI document: the `openapi-url` setting, else these. */
export function documentPlaces(origin: string, configured: string | undefined): string[] {
  if (configured) return [configured];
  return [
    `${origin}/api/v1/openapi.json`,
    `${origin}/openapi.json`,
    `${origin}/api/openapi.json`,
    `${origin}/.well-known/openapi.json`,
    `${origin}/api/v1/swagger.json`,
  ];
}

/** The first of `places` that answers with a JSON OpenAPI 3.x document; else what each answered. */
export async function fetchDocument(
  places: readonly string[],
  now: () => number,
  timeoutMs = 10_000,
): Promise<CachedDocument | { tried: string[] }> {
  const tried: string[] = [];
  for (const url of places) {
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) {
        tried.push(`${url}: ${res.status}`);
        continue;
      }
      const document: unknown = await res.json();
      if (!isRecord(document) || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.')) {
        tried.push(`${url}: not an OpenAPI 3 document`);
        continue;
      }
      return { url, fetchedAt: new Date(now()).toISOString(), document };
    } catch (err) {
      tried.push(`${url}: ${messageOf(err)}`);
    }
  }
  return { tried };
}
