// A spinner on stderr while a command waits: frame, elapsed time, and what it waits for. Drawn with the
// one progress line (src/output/progress.ts: sanitized, cut to the width), so it is shown only where
// progress is (showsProgress: stdout and stderr the terminal), and erased when the wait ends, leaving
// the terminal as it was. In accessible mode (plain) no spinner: what it waits for as occasional lines
// of their own, with the time so far.
import type { IO } from '../io.js';
import { plainProgress, progressLine, showsProgress } from '../output/progress.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 100;

export interface Spinner {
  /** What to show after the elapsed time (the progress line sanitizes it). */
  set(text: string): void;
  stop(): void;
}

/** "0:07", "12:30", "1:02:03". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** In accessible mode, how often the wait looks whether a line is due (plainProgress decides). */
const PLAIN_CHECK_MS = 5_000;

function plainSpinner(io: IO, elapsedMs: () => number): Spinner {
  const line = plainProgress(io, (text) => `${text || 'waiting'} (${formatElapsed(elapsedMs())} so far)`);
  let text = '';
  const timer = setInterval(() => line.update(text), PLAIN_CHECK_MS);
  timer.unref();
  return {
    set(next) {
      text = next;
      line.update(text);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export function startSpinner(io: IO, elapsedMs: () => number, plain = false): Spinner {
  if (!showsProgress(io, plain)) return { set() {}, stop() {} };
  if (plain) return plainSpinner(io, elapsedMs);
  const line = progressLine(io);
  let text = '';
  let frame = 0;
  const draw = () => line.update(`${FRAMES[frame++ % FRAMES.length]} ${formatElapsed(elapsedMs())} ${text}`);
  const timer = setInterval(draw, FRAME_MS);
  timer.unref();
  draw();
  return {
    set(next) {
      text = next;
      draw();
    },
    stop() {
      clearInterval(timer);
      line.done();
    },
  };
}
