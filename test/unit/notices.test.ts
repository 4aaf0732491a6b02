// Notices for a person watching (a retry after a timeout, a wait for another process's refresh) go where
// the command shows them: a full-screen command's status line (`ctx.notices`, as `wts dash` sets it once
// its screen is drawn), else stderr when it is a terminal, else nowhere (a script's stderr is for failures).
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { connectionHandle } from '../../src/auth/connection.js';
import { FileStore } from '../../src/auth/stores/file.js';
import { createContext, type CommandContext } from '../../src/context.js';
import type { IO } from '../../src/io.js';

function contextWith(isStderrTTY: boolean): { ctx: CommandContext; stderr: () => string } {
  const stderr = new PassThrough();
  let written = '';
  stderr.on('data', (chunk: Buffer) => {
    written += chunk.toString('utf8');
  });
  const io: IO = {
    stdin: Readable.from([]),
    stdout: new PassThrough(),
    stderr,
    isStdinTTY: false,
    isStdoutTTY: isStderrTTY,
    isStderrTTY,
    colorEnabled: false,
    canPrompt: false,
    columns: 80,
  };
  const ctx = createContext(io, { WTS_CONFIG_DIR: '/nonexistent' }, { json: false, color: false, debug: false });
  return { ctx, stderr: () => written };
}

/** The notice of the handle a refresh uses (its lock wait is told through it). */
function lockWaitNotice(ctx: CommandContext): (line: string) => void {
  const store = new FileStore('/nonexistent/credentials.json', 'default', { lock: { staleMs: 1000, waitMs: 1000 }, ownDirectory: false });
  const handle = connectionHandle(ctx, 'default', 'https://tasks.example.com', store);
  return handle.notice;
}

describe("a refresh's lock wait, told to a person watching", () => {
  it('goes into the status line of a full-screen command, never on top of its screen', async () => {
    const { ctx, stderr } = contextWith(true);
    const told: string[] = [];
    const notice = lockWaitNotice(ctx);
    // Set after the handle was made, as the dashboard does once it is drawn: read when a notice comes.
    ctx.notices = (line) => told.push(line);
    notice('waiting for another wts to finish refreshing the sign-in…');
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toEqual(['waiting for another wts to finish refreshing the sign-in…']);
    expect(stderr()).toBe('');
  });

  it('is a line on stderr when that is a terminal, and nothing for a script', async () => {
    const terminal = contextWith(true);
    lockWaitNotice(terminal.ctx)('waiting…');
    const script = contextWith(false);
    lockWaitNotice(script.ctx)('waiting…');
    await new Promise((resolve) => setImmediate(resolve));
    expect(terminal.stderr()).toBe('waiting…\n');
    expect(script.stderr()).toBe('');
  });
});
