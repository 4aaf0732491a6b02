// The dashboard's hold on the terminal: the alternate screen with the cursor hidden while it runs, and
// whatever ends it — q, Ctrl-C, SIGTERM, SIGHUP, a crash — leaves the alternate screen, shows the cursor
// and turns raw mode off, so the shell gets its screen and its terminal settings back as they were.

const ENTER_SCREEN = '\x1b[?1049h\x1b[H\x1b[2J\x1b[?25l';
const LEAVE_SCREEN = '\x1b[?25h\x1b[?1049l';

/** What is drawn on the alternate screen: unmounted on a signal, awaited until the person quits. */
export interface Drawn {
  unmount(): void;
  waitUntilExit(): Promise<unknown>;
}

/** Hands the terminal to a program (the editor) and takes it back after. */
export type Suspend = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs `draw` on the alternate screen until what it drew exits; the terminal is as it was when this
 * returns or throws, and when a signal ends the process.
 */
export async function onAlternateScreen(draw: (suspended: Suspend) => Drawn): Promise<void> {
  const { stdout, stdin } = process;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY) stdin.setRawMode(false);
    } catch {
      // the terminal is gone
    }
    stdout.write(LEAVE_SCREEN);
  };
  const suspended: Suspend = async (work) => {
    stdout.write(LEAVE_SCREEN);
    if (stdin.isTTY) stdin.setRawMode(false);
    try {
      return await work();
    } finally {
      if (stdin.isTTY) stdin.setRawMode(true);
      stdout.write(ENTER_SCREEN);
    }
  };
  // Leave the terminal as it was however the process ends.
  const onSignal = (signal: NodeJS.Signals) => {
    drawn.unmount();
    restore();
    process.exit(128 + (signal === 'SIGTERM' ? 15 : signal === 'SIGHUP' ? 1 : 2));
  };
  const onExit = () => restore();
  stdout.write(ENTER_SCREEN);
  process.on('exit', onExit);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  const drawn = draw(suspended);
  try {
    await drawn.waitUntilExit();
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('exit', onExit);
    restore();
  }
}
