// STUB: replaced by the /api/v1 routes generated from the operations catalog.
import { Hono } from 'hono';
import type { SandboxContext } from '../context.js';

export function apiRoutes(_ctx: SandboxContext): Hono {
  return new Hono();
}
