// A request before it is sent: built from the catalog (the operation's method and path, its input checked
// against the operation's schemas, so bad input sends nothing), or given raw (`wts api`).
import { getOperation, type Method, type OperationId } from '../contract/operations.js';
import { expandPath, parseOperationInput } from '../contract/validate.js';
import { isRecord } from '../type-guards.js';

export interface RawRequest {
  method: Method;
  path: string; // under /api/v1, starting with /
  /** Sent as text; undefined and null are left out. */
  query?: Record<string, unknown>;
  body?: unknown;
  /** Safe to repeat after a lost answer or a 5xx. */
  idempotent: boolean;
  /** The catalog operation (set by prepare): its answer is checked against the operation's result schema. */
  operation?: OperationId;
  /** Headers the user added (`wts api -H`); never those the client sets itself (see API_OWN_HEADERS). */
  headers?: Record<string, string>;
}

/** An operation's arguments before the catalog has checked them. */
export interface UncheckedArgs {
  path?: unknown;
  query?: object;
  body?: unknown;
}

/** Headers the client sets itself: a request may not replace them (the sign-in's token never comes from argv). */
export const API_OWN_HEADERS = new Set(['authorization', 'host', 'content-length', 'transfer-encoding', 'connection']);

/** How a request is named in a line: its operation, else its method and path (`wts api`). */
export function requestName(req: RawRequest): string {
  return req.operation ?? `${req.method} ${req.path}`;
}

/** The request for an operation from the catalog (throws InputError on bad input). */
export function prepareRequest(opId: OperationId, args: UncheckedArgs): RawRequest {
  const op = getOperation(opId);
  const input = parseOperationInput(opId, args);
  // Send only the query fields the caller gave; defaults are the server's business.
  const given = Object.keys(args.query ?? {});
  const parsedQuery: Record<string, unknown> = isRecord(input.query) ? input.query : {};
  const query = Object.fromEntries(given.map((k) => [k, parsedQuery[k]]));
  return {
    method: op.method,
    path: expandPath(op.path, isRecord(input.path) ? input.path : {}),
    query,
    body: op.body ? input.body : undefined,
    idempotent: op.idempotent,
    operation: opId,
  };
}
