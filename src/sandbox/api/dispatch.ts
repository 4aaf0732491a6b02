import { getOperation, type OperationId, type OperationInput, type OperationResult } from '../../contract/operations.js';
import { InputError } from '../../errors.js';
import { parseOperationInput } from '../../contract/validate.js';
import type { SandboxContext } from '../context.js';
import type { Principal } from '../model.js';
import { ServiceError } from '../problem.js';
import { handlers } from './handlers.js';

/** What every handler gets: the sandbox and the caller. */
export interface CallContext {
  ctx: SandboxContext;
  principal: Principal;
}

/** A handler returns the operation's result (the wire object, or a page of them), or throws a ServiceError. */
export type Handler<K extends OperationId> = (
  call: CallContext,
  input: OperationInput<K>,
) => OperationResult<K> | Promise<OperationResult<K>>;
export type Handlers = { [K in OperationId]: Handler<K> };

/**
 * Runs one operation for a caller: the scope check, the catalog's input check, then the handler.
 * Shared by the /api/v1 routes and the /mcp tools, so both behave the same.
 */
export async function executeOperation<K extends OperationId>(
  ctx: SandboxContext,
  principal: Principal,
  opId: K,
  raw: { path?: unknown; query?: unknown; body?: unknown },
): Promise<OperationResult<K>> {
  const op = getOperation(opId);
  if (!principal.scopes.includes(op.scope)) {
    throw new ServiceError('insufficient_scope', `${opId} needs the scope ${op.scope}, which this connection was not granted`, {
      'www-authenticate': `Bearer error="insufficient_scope", scope="${op.scope}"`,
    });
  }
  let input: OperationInput<K>;
  try {
    input = parseOperationInput(opId, raw);
  } catch (err) {
    if (err instanceof InputError) throw new ServiceError('invalid_request', err.message);
    throw err;
  }
  const handler: Handler<K> = handlers[opId];
  const result = await handler({ ctx, principal }, input);
  // Reads change nothing: only writes schedule a save of --data.
  if (op.method !== 'GET') ctx.store.changed();
  return result;
}
