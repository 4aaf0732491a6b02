// STUB: the handlers of all 56 operations, keyed by operation id (being written).
import type { Handlers } from './dispatch.js';

export const handlers = {} as Handlers;
