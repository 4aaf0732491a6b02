// STUB: replaced by the simulated agent.
import type { SandboxContext } from './context.js';

export class AgentSimulator {
  constructor(private readonly ctx: SandboxContext) {}
  start(): void {}
  stop(): void {}
}
