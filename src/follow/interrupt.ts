// Ctrl-C while a command waits or follows: the first one stops the loop, so the command ends on its own
// terms (a follow exits 0, a wait says how to pick it up again) with the terminal as it was; a second
// one exits at once, for a request that hangs. One SIGINT listener serves every wait of the process.
import { ExitCode } from '../errors.js';

const active = new Set<AbortController>();
let interrupted = false;

function onSigint(): void {
  if (interrupted) process.exit(ExitCode.interrupted);
  interrupted = true;
  for (const controller of active) controller.abort();
}

export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (active.size === 0) {
    interrupted = false;
    process.on('SIGINT', onSigint);
  }
  active.add(controller);
  return {
    signal: controller.signal,
    dispose() {
      active.delete(controller);
      if (active.size === 0) process.off('SIGINT', onSigint);
    },
  };
}
