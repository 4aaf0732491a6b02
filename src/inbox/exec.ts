// `inbox --watch --exec CMD`: the user's own command, run by their shell for each new item, one at a
// time. The item's fields reach it only as environment variables (sanitized: no control characters),
// never as part of the command line, so a title such as `$(rm -rf ~)` is text the command may print, not
// code the shell runs. Its output goes to stderr (stdout is the watch's own, JSON lines perhaps); a
// failure is told there and the watch goes on.
//
// On Windows the shell is cmd.exe, given the command verbatim (`windowsVerbatimArguments`: else Node
// re-quotes it with \" , which cmd.exe does not read) and with delayed expansion on (`/v:on`), so
// `!WTS_TITLE!` is expanded after the line is parsed, as text. `%WTS_TITLE%` is expanded before cmd.exe
// parses `& | > ^`, so a title `x & calc` would run calc: docs/watch.md says so and shows the safe forms
// (`!WTS_TITLE!`, or a PowerShell script reading `$env:WTS_TITLE`).
import { spawn } from 'node:child_process';
import { messageOf } from '../errors.js';
import type { Env, IO } from '../io.js';
import { terminalLine } from '../output/sanitize.js';
import { cmdShell, type Launch } from '../windows-command.js';
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

/** How the shell runs `command`: $SHELL (else /bin/sh) -c; on Windows `cmd.exe /d /v:on /s /c "…"`, verbatim. */
export function hookLaunch(command: string, env: Env, platform: NodeJS.Platform = process.platform): Launch {
  if (platform === 'win32') return cmdShell(env, command, ['/v:on']);
  return { file: env.SHELL || '/bin/sh', args: ['-c', command], windowsVerbatimArguments: false };
}

export interface ItemCommand {
  /** Queues a run for each item; they run one after another, in order. */
  run(items: WaitingItem[]): void;
  /** Lets the run in progress finish, drops the ones waiting; resolves to how many were dropped. */
  stop(): Promise<number>;
}

export function itemCommand(command: string, io: IO, env: Env, platform: NodeJS.Platform = process.platform): ItemCommand {
  const launch = hookLaunch(command, env, platform);
  const queue: WaitingItem[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;

  const runOne = (item: WaitingItem): Promise<void> =>
    new Promise((resolve) => {
      const child = spawn(launch.file, launch.args, {
        env: { ...env, ...itemEnv(item) },
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsVerbatimArguments: launch.windowsVerbatimArguments,
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
