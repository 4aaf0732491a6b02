// A one-line progress report on stderr ("checking 68 tasks… 40/68"), redrawn in place and erased when
// done. Only when stdout and stderr are both the terminal (as gh does): piped or redirected stderr stays
// free of carriage returns, and with stdout piped (`wts … | head`, `| less`) the terminal is shared with
// the next command, whose output an erase would wipe or whose screen it would garble. In accessible mode
// (plain), never redrawn: occasional lines of their own, which a screen reader reads once each.
import type { IO } from '../io.js';
import { terminalLine } from './sanitize.js';
import { truncateToWidth } from './width.js';

export interface Progress {
  /** Shows `text`, under `above` (lines found so far, e.g. the inbox's items as they turn up), if given. */
  update(text: string, above?: readonly string[]): void;
  /** Erases what it showed. */
  done(): void;
}

/**
 * Whether progress is shown at all: redrawn, only when stdout and stderr are both the terminal; in
 * accessible mode (plain lines, never erased), when stderr is. Callers that build what a progress line
 * says ask this first, so a pipe costs them nothing.
 */
export function showsProgress(io: IO, plain = false): boolean {
  return plain ? io.isStderrTTY : io.isStderrTTY && io.isStdoutTTY;
}

/** In accessible mode: a new text is told at most once in this long… */
const PLAIN_PACE_MS = 10_000;
/** …and the same text again only after this long (a long wait still says it goes on). */
const PLAIN_STILL_MS = 60_000;

/**
 * Progress as plain lines: the first text at once, then a changed text at most once every 10 s and an
 * unchanged one once a minute. Lines are never erased (done() writes nothing); `above` is not shown, as
 * what it previews is printed anyway. `decorate` adds to the line written (the spinner's elapsed time)
 * without counting as a change.
 */
export function plainProgress(io: IO, decorate: (text: string) => string = (t) => t, now: () => number = Date.now): Progress {
  if (!showsProgress(io, true)) return { update() {}, done() {} };
  let last: string | undefined;
  let lastAt = 0;
  return {
    update(text) {
      const line = terminalLine(text);
      const at = now();
      if (last !== undefined && at - lastAt < (line === last ? PLAIN_STILL_MS : PLAIN_PACE_MS)) return;
      io.stderr.write(`${terminalLine(decorate(line))}\n`);
      last = line;
      lastAt = at;
    },
    done() {},
  };
}

export function progressLine(io: IO, plain = false): Progress {
  if (plain) return plainProgress(io);
  if (!showsProgress(io)) return { update() {}, done() {} };
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
