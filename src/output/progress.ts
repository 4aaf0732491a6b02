// A one-line progress report on stderr ("checking 68 tasks… 40/68"), redrawn in place and erased when
// done. Only on a terminal: piped or redirected stderr stays free of carriage returns.
import type { IO } from '../io.js';
import { terminalLine } from './sanitize.js';
import { truncateToWidth } from './width.js';

export interface Progress {
  update(text: string): void;
  /** Erases the line. */
  done(): void;
}

export function progressLine(io: IO): Progress {
  if (!io.isStderrTTY) return { update() {}, done() {} };
  let shown = false;
  return {
    update(text) {
      // Sanitized (it may name a record), then cut to the width so the line never wraps (a wrapped line
      // cannot be erased with \r).
      const line = truncateToWidth(terminalLine(text), Math.max(1, io.columns - 1));
      io.stderr.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    done() {
      if (shown) io.stderr.write('\r\x1b[2K');
      shown = false;
    },
  };
}
