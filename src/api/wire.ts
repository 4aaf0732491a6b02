// The one boundary between wts's names and the service's (docs/wire-names.md). Outgoing, a catalog
// request's query parameters, their values and its body fields are renamed to the service's names;
// incoming, an answer's page container, fields and enum values are renamed back, before the answer is
// checked (src/api/answer.ts) and before anything else sees it. So commands, views, the dash, the inbox
// and `wts mcp` only ever see wts's names. A raw request (`wts api`) speaks the wire as it is.
//
// The names come from a names file (WTS_WIRE_NAMES, else the `wire-names` setting) over the names
// `wts doctor` learned from the service's OpenAPI document and wrote to the cache (src/api/wire-cache.ts).
// Reading them costs one small file read per command at most; with no names at all, the client holds no
// Wire and does no work (docs/performance.md).
import { readFileSync } from 'node:fs';
import { getOperation, type OperationId } from '../contract/operations.js';
import {
  isIdentity,
  mergeWireNames,
  operationNames,
  parseWireNames,
  renameAnswer,
  renameObject,
  type OperationNames,
  type WireNames,
} from '../contract/wire-names.js';
import { CliError, errnoOf, ExitCode, messageOf } from '../errors.js';
import { isRecord } from '../type-guards.js';
import type { RawRequest } from './request.js';
import { learnedNamesFile } from './wire-cache.js';

/** The renames of a client whose service names things otherwise. */
export class Wire {
  private readonly byOperation = new Map<OperationId, OperationNames | undefined>();

  private constructor(readonly names: WireNames) {}

  /** A Wire for `names`, or undefined when they rename nothing (the client then does no work). */
  static of(names: WireNames | undefined): Wire | undefined {
    return names === undefined || isIdentity(names) ? undefined : new Wire(names);
  }

  private of(opId: OperationId): OperationNames | undefined {
    if (!this.byOperation.has(opId)) this.byOperation.set(opId, operationNames(this.names, opId, getOperation(opId).result));
    return this.byOperation.get(opId);
  }

  /** The request as the service names it (a raw request, or an operation renaming nothing, as it is). */
  request(req: RawRequest): RawRequest {
    const names = req.operation === undefined ? undefined : this.of(req.operation);
    if (!names) return req;
    const query = req.query === undefined ? undefined : renameObject(names, names.query, req.query, 'out');
    return {
      ...req,
      ...(isRecord(query) && { query }),
      ...(req.body !== undefined && { body: renameObject(names, names.fields, req.body, 'out') }),
    };
  }

  /** An answer to `opId` in wts's names. */
  answer(opId: OperationId, value: unknown): unknown {
    const names = this.of(opId);
    if (!names) return value;
    const page = getOperation(opId).page;
    return renameAnswer(names, value, page === 'list' || page === 'cursor', 'in');
  }

  /** The service's name of a query parameter of `opId` (for lines that name what was sent). */
  queryName(opId: OperationId, wtsName: string): string {
    return this.of(opId)?.query.out[wtsName] ?? wtsName;
  }
}

/** Where a command's names come from: the environment, the setting, the cache dir. */
export interface WireSources {
  /** WTS_WIRE_NAMES, else the `wire-names` setting: a names file. */
  file: string | undefined;
  /** What the names file is called in a line (`WTS_WIRE_NAMES`, `wire-names`). */
  fileFrom: string;
  cacheDir: string | undefined;
  origin: string;
}

/** A names file read and checked; a one-line failure (exit 2) naming it and what is wrong. */
export function readNamesFile(file: string, from: string): WireNames {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`${from}: cannot read the names file ${file}: ${messageOf(err)}`, ExitCode.usage);
  }
  try {
    return parseWireNames(JSON.parse(text), file);
  } catch (err) {
    throw new CliError(`${from}: ${messageOf(err)}`, ExitCode.usage);
  }
}

/** The names `wts doctor` learned for this origin, when it did (never fetched here: only read). */
export function readLearnedNames(cacheDir: string | undefined, origin: string): WireNames | undefined {
  if (cacheDir === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(learnedNamesFile(cacheDir, origin), 'utf8');
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return undefined;
    return undefined; // a cache that cannot be read is no cache: `wts doctor` says so
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const names = parsed !== null && typeof parsed === 'object' && 'names' in parsed ? parsed.names : undefined;
    return parseWireNames(names, 'learned names');
  } catch {
    return undefined; // damaged: `wts doctor --refresh` writes it again
  }
}

/** The names a command uses: the names file over the learned ones; undefined when there are none. */
export function wireNamesFor(sources: WireSources): WireNames | undefined {
  const learned = readLearnedNames(sources.cacheDir, sources.origin);
  const file = sources.file ? readNamesFile(sources.file, sources.fileFrom) : undefined;
  if (!learned && !file) return undefined;
  return mergeWireNames(learned, file);
}
