// Opening the sign-in page: BROWSER when set (a command, split like a shell would, the URL added as
// its last argument, as gh and git do; on Windows a .cmd through cmd.exe, escaped), else the `open` package (xdg-open, open, start).
import { spawn } from 'node:child_process';
import { commandLaunch, splitCommandLine } from '../command-line.js';
import type { Env } from '../io.js';
import { messageOf } from '../errors.js';
import { lazy } from '../lazy.js';

export type BrowserResult = { opened: true; how: string } | { opened: false; reason: string };

/** Starts BROWSER with the URL as its last argument; resolves once it started (or failed to). */
function runBrowserCommand(command: string, url: string, onExit: (problem: string) => void): Promise<BrowserResult> {
  const program = splitCommandLine(command)[0];
  if (!program) return Promise.resolve({ opened: false, reason: 'BROWSER is empty' });
  const launch = commandLaunch(command, [url], process.env);
  if (!launch) return Promise.resolve({ opened: false, reason: `cannot run BROWSER (${program}): ENOENT` });
  return new Promise((resolve) => {
    // The child gets this process's real environment (PATH and the display), and no terminal output.
    const child = spawn(launch.file, launch.args, {
      stdio: 'ignore',
      detached: process.platform !== 'win32',
      windowsVerbatimArguments: launch.windowsVerbatimArguments,
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      resolve({ opened: false, reason: `cannot run BROWSER (${program}): ${err.code ?? err.message}` }),
    );
    child.once('spawn', () => {
      child.unref();
      resolve({ opened: true, how: `BROWSER (${program})` });
    });
    child.once('exit', (code, signal) => {
      if (code !== 0) onExit(`BROWSER (${program}) ended with ${signal ?? `status ${code}`}`);
    });
  });
}

/** Opens `url` in the user's browser; never throws (the URL is printed anyway). */
export async function openBrowser(url: string, env: Env, onExit: (problem: string) => void = () => {}): Promise<BrowserResult> {
  if (env.BROWSER) return runBrowserCommand(env.BROWSER, url, onExit);
  try {
    const { default: open } = await lazy.open();
    const child = await open(url, { wait: false });
    child.once('error', (err) => onExit(`the browser could not be started: ${err.message}`));
    child.unref();
    return { opened: true, how: 'the default browser' };
  } catch (err) {
    return { opened: false, reason: `cannot open a browser: ${messageOf(err)}` };
  }
}
