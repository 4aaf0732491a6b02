// Ctrl-C while a command waits or follows: the first one stops the loop, so the command ends on its own
// terms (a follow exits 0, a wait says how to pick it up again) with the terminal as it was; a second
// one exits at once, for a request that hangs.
import { ExitCode } from '../errors.js';

export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(ExitCode.interrupted);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onSigint) };
}
