// `inbox --watch --exec CMD`: the user's own command, run by their shell for each new item, one at a
// time. The item's fields reach it only as environment variables (sanitized: no control characters),
// never as part of the command line, so a title such as `$(rm -rf ~)` is text the command may print, not
// code the shell runs. Its output goes to stderr (stdout is the watch's own, JSON lines perhaps); a
// failure is told there and the watch goes on.
import { spawn } from 'node:child_process';
import { messageOf } from '../errors.js';
import type { Env, IO } from '../io.js';
import { terminalLine } from '../output/sanitize.js';
import type { WaitingItem } from './gather.js';

/** The variables a command gets for an item (the names documented in docs/watch.md). */
export function itemEnv(item: WaitingItem): Record<string, string> {
  const { action, task } = item;
  return {
    WTS_ITEM_ID: terminalLine(action.id),
    WTS_ITEM_KIND: terminalLine(action.kind),
    WTS_TITLE: terminalLine(action.summary),
    WTS_TASK_ID: terminalLine(task.id),
    WTS_TASK_TITLE: terminalLine(task.title),
    // Not WTS_WORKSPACE: that one sets the default workspace of every wts command the hook runs.
    WTS_ITEM_WORKSPACE: terminalLine(task.workspaceId),
    WTS_ITEM_CREATED_AT: terminalLine(action.createdAt),
  };
}

/** The shell that runs CMD: $SHELL, else /bin/sh (cmd.exe on Windows). */
function shellFor(env: Env): [string, string[]] {
  if (process.platform === 'win32') return [env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c']];
  return [env.SHELL || '/bin/sh', ['-c']];
}

export interface ItemCommand {
  /** Queues a run for each item; they run one after another, in order. */
  run(items: WaitingItem[]): void;
  /** Lets the run in progress finish, drops the ones waiting; resolves to how many were dropped. */
  stop(): Promise<number>;
}

export function itemCommand(command: string, io: IO, env: Env): ItemCommand {
  const [shell, flags] = shellFor(env);
  const queue: WaitingItem[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;

  const runOne = (item: WaitingItem): Promise<void> =>
    new Promise((resolve) => {
      const child = spawn(shell, [...flags, command], {
        env: { ...env, ...itemEnv(item) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => io.stderr.write(chunk));
      child.stderr.on('data', (chunk: Buffer) => io.stderr.write(chunk));
      const fail = (why: string) => io.stderr.write(`wts: --exec for ${terminalLine(item.action.id)}: ${why}; watching on\n`);
      child.on('error', (err) => {
        fail(terminalLine(messageOf(err)));
        resolve();
      });
      child.on('close', (code, signal) => {
        if (signal) fail(`ended by ${signal}`);
        else if (code !== 0) fail(`exited with ${code}`);
        resolve();
      });
    });

  const drain = async (): Promise<void> => {
    for (let item = queue.shift(); item && !stopped; item = queue.shift()) await runOne(item);
    running = undefined;
  };

  return {
    run(items) {
      if (stopped) return;
      queue.push(...items);
      running ??= drain();
    },
    async stop() {
      stopped = true;
      const dropped = queue.length;
      queue.length = 0;
      await running;
      return dropped;
    },
  };
}
