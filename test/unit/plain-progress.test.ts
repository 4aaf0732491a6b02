// Accessible mode's progress (docs/accessibility.md): lines of their own, never redrawn, paced by the
// clock given (no time passes in these tests).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startSpinner } from '../../src/follow/spinner.js';
import type { IO } from '../../src/io.js';
import { plainProgress, progressLine } from '../../src/output/progress.js';

/** An IO whose stderr is a terminal, and what was written to it. */
function terminalIO(): { io: IO; written: () => string } {
  let text = '';
  const stderr = new PassThrough();
  stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const io: IO = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr,
    isStdinTTY: true,
    isStdoutTTY: true,
    isStderrTTY: true,
    colorEnabled: false,
    canPrompt: true,
    columns: 80,
  };
  return { io, written: () => text };
}

describe('progress in accessible mode', () => {
  it('writes the first text at once, a change at most every 10 s, the same text once a minute, and erases nothing', () => {
    const { io, written } = terminalIO();
    let now = 0;
    const progress = plainProgress(io, undefined, () => now);
    progress.update('checking 68 tasks… 0/68', ['an item found so far']);
    now = 3_000;
    progress.update('checking 68 tasks… 30/68');
    now = 10_000;
    progress.update('checking 68 tasks… 60/68');
    now = 30_000;
    progress.update('checking 68 tasks… 60/68');
    now = 70_000;
    progress.update('checking 68 tasks… 60/68');
    progress.done();
    expect(written()).toBe('checking 68 tasks… 0/68\nchecking 68 tasks… 60/68\nchecking 68 tasks… 60/68\n');
  });

  it('progressLine(io, true) redraws nothing: no carriage return, no escape', () => {
    const { io, written } = terminalIO();
    const progress = progressLine(io, true);
    progress.update('listing the tasks of ws_support…');
    progress.done();
    expect(written()).toBe('listing the tasks of ws_support…\n');
    // Outside accessible mode the same line is redrawn and erased.
    const redrawn = terminalIO();
    const line = progressLine(redrawn.io);
    line.update('listing the tasks of ws_support…');
    line.done();
    expect(redrawn.written()).toContain('\r\x1b[2K');
  });

  it('the spinner is a line with the time so far, no frames', () => {
    const { io, written } = terminalIO();
    const spinner = startSpinner(io, () => 7_000, true);
    spinner.set('waiting for run_01 · running');
    spinner.stop();
    expect(written()).toBe('waiting for run_01 · running (0:07 so far)\n');
  });
});

describe('the progress line', () => {
  it('is drawn and erased when stdout and stderr are the terminal, and not at all when stdout is piped', () => {
    const shown = terminalIO();
    const line = progressLine(shown.io);
    line.update('3 tasks read…');
    line.done();
    expect(shown.written()).toBe('\r\x1b[2K3 tasks read…\r\x1b[2K');

    const piped = terminalIO();
    const quiet = progressLine({ ...piped.io, isStdoutTTY: false });
    quiet.update('3 tasks read…');
    quiet.done();
    expect(piped.written()).toBe('');
  });
});
