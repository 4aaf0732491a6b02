// A one-line progress report on stderr ("checking 68 tasks… 40/68"), redrawn in place and erased when
// done. Only on a terminal: piped or redirected stderr stays free of carriage returns.
import type { IO } from '../io.js';
import { terminalLine } from './sanitize.js';
import { truncateToWidth } from './width.js';

export interface Progress {
  /** Shows `text`, under `above` (lines found so far, e.g. the inbox's items as they turn up), if given. */
  update(text: string, above?: readonly string[]): void;
  /** Erases what it showed. */
  done(): void;
}

export function progressLine(io: IO): Progress {
  if (!io.isStderrTTY) return { update() {}, done() {} };
  let shown = false;
  let linesAbove = 0;
  // Sanitized (it may name a record), then cut to the width so the line never wraps (a wrapped line
  // cannot be erased).
  const fitted = (text: string) => truncateToWidth(terminalLine(text), Math.max(1, io.columns - 1));
  // The line, then each line drawn above it, cleared from the bottom up (the cursor ends where the first
  // one was drawn). Only erase-line and cursor-up: no sequence that could reach beyond what was drawn.
  const erase = () => `\r\x1b[2K${'\x1b[1A\x1b[2K'.repeat(linesAbove)}`;
  return {
    update(text, above = []) {
      io.stderr.write(`${erase()}${above.map((line) => `${fitted(line)}\n`).join('')}${fitted(text)}`);
      linesAbove = above.length;
      shown = true;
    },
    done() {
      if (shown) io.stderr.write(erase());
      shown = false;
      linesAbove = 0;
    },
  };
}
