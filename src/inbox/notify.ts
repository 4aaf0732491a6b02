// `--notify` (inbox --watch, dash): a desktop notification where the system has a way to show one
// (notify-send on Linux, osascript on macOS, found on PATH and run with an argument list, never a shell;
// none on Windows yet, which is said once),
// and a terminal bell when standard output is a terminal. Every text from the service is sanitized first.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { messageOf } from '../errors.js';
import type { Env, IO } from '../io.js';
import { terminalLine } from '../output/sanitize.js';
import type { WaitingItem } from './gather.js';

export const BELL = '\x07';

/** The first executable file called `name` on the PATH of `env`, or undefined. */
export function onPath(env: Env, name: string): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there, or not executable: the next directory
    }
  }
  return undefined;
}

/** The program and arguments that show a notification of `title` and `body` on this system, or undefined. */
function desktopCommand(env: Env, platform: NodeJS.Platform): ((title: string, body: string) => [string, string[]]) | undefined {
  if (platform === 'darwin') {
    const osascript = onPath(env, 'osascript');
    // The texts are the script's arguments, never part of the script.
    const script = 'on run argv\ndisplay notification (item 2 of argv) with title (item 1 of argv)\nend run';
    return osascript ? (title, body) => [osascript, ['-e', script, title, body]] : undefined;
  }
  const notifySend = onPath(env, 'notify-send');
  return notifySend ? (title, body) => [notifySend, ['--app-name=wts', '--', title, body]] : undefined;
}

export interface Notifier {
  /** One notification (and one bell) for the items that arrived together. */
  notify(items: WaitingItem[]): Promise<void>;
  /** The line said once at the start when there is no desktop notification here (undefined when there is). */
  readonly missing: string | undefined;
}

/** What a notification says of the items: how many, and the first few. */
export function notificationText(items: WaitingItem[]): { title: string; body: string } {
  const title = items.length === 1 ? 'wts: 1 item waiting for you' : `wts: ${items.length} items waiting for you`;
  const lines = items.slice(0, 3).map((w) => terminalLine(`${w.action.kind}: ${w.action.summary} (${w.task.id})`));
  if (items.length > 3) lines.push(`and ${items.length - 3} more: wts inbox`);
  return { title, body: lines.join('\n') };
}

export function makeNotifier(io: IO, env: Env, platform: NodeJS.Platform = process.platform): Notifier {
  const desktop = platform === 'win32' ? undefined : desktopCommand(env, platform);
  const tool = platform === 'darwin' ? 'osascript' : 'notify-send';
  const why =
    platform === 'win32' ? 'desktop notifications are not supported on Windows yet' : `no ${tool} on PATH, so no desktop notification`;
  const missing = desktop
    ? undefined
    : `--notify: ${why}${io.isStdoutTTY ? '; the terminal bell only' : ' (and no bell: standard output is not a terminal)'}`;
  let failed = false;
  return {
    missing,
    async notify(items) {
      if (items.length === 0) return;
      if (io.isStdoutTTY) io.stdout.write(BELL);
      if (!desktop) return;
      const { title, body } = notificationText(items);
      const [program, args] = desktop(title, body);
      const problem = await new Promise<string | undefined>((resolve) => {
        const child = spawn(program, args, { stdio: 'ignore', shell: false });
        child.on('error', (err) => resolve(messageOf(err)));
        child.on('close', (code) => resolve(code === 0 ? undefined : `${tool} exited with ${code}`));
      });
      // Said once: a notifier that fails fails every time.
      if (problem && !failed) {
        failed = true;
        io.stderr.write(`wts: --notify: ${terminalLine(problem)}\n`);
      }
    },
  };
}
