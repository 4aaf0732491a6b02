// STUB: replaced by the MCP server.
import { Hono } from 'hono';
import type { SandboxContext } from './context.js';

export function mcpRoutes(_ctx: SandboxContext): Hono {
  return new Hono();
}
