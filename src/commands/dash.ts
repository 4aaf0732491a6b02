// wts dash [--workspace WS]: a full-screen, keyboard-driven dashboard on a terminal (src/dash/).
import type { Command } from 'commander';
import { settingNamed } from '../config.js';
import { CliError, ExitCode } from '../errors.js';
import { options, verb, type CliDeps } from '../framework/verb.js';

const ACCESSIBLE_MESSAGE = [
  'wts dash draws a full screen, which accessible mode leaves out. The same work, line by line:',
  '  wts approval review   decide what waits, one item after another, as numbered questions',
  '  wts inbox --watch     be told each item that starts waiting, as it appears',
  '  wts inbox             what waits now; wts task list and wts task board WS for tasks',
].join('\n');

export function registerDash(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'dash',
    description: 'a full-screen dashboard on a terminal: inbox, my tasks, board and schedules, with a detail pane and actions on keys',
    options: options<{ workspace?: string; notify?: boolean }>((c) =>
      c
        .option('--workspace <ws>', 'only this workspace (default: every workspace; the board shows the default workspace, else the first)')
        .option(
          '--notify',
          'when a refresh brings new items into the inbox: a bell, a desktop notification, and a + on each until selected',
        ),
    ),
    fields: { workspaceId: '--workspace' },
    examples: [
      'wts dash',
      'wts dash --workspace ws_support',
      'wts dash --notify   # a bell when something new waits',
      'wts config set dash.refresh 30   # refresh every 30 seconds',
      'wts --accessible dash   # no full screen: points to approval review and inbox --watch',
    ],
    async run({ ctx, opts }) {
      if (ctx.accessible()) {
        // A full screen redrawn in place is what a screen reader cannot follow: point to the line-by-line ways.
        ctx.io.stdout.write(`${ACCESSIBLE_MESSAGE}\n`);
        return;
      }
      if (!ctx.io.canPrompt) {
        throw new CliError(
          'dash is a full-screen view, so it needs a terminal; in scripts use `wts inbox`, `wts task list`, `wts task board WS`, `wts schedule list` and `wts approval approve|reject|done|answer ID`',
          ExitCode.usage,
        );
      }
      const setting = settingNamed('dash.refresh');
      const configured = ctx.setting('dash.refresh');
      const problem = configured === undefined ? undefined : setting?.check?.(configured);
      if (problem)
        throw new CliError(`dash.refresh in the configuration: ${problem} (wts config set dash.refresh SECONDS)`, ExitCode.usage);
      const refreshSeconds = Number(configured ?? setting?.default ?? 60);
      const boardWorkspaceId = opts.workspace === undefined ? ctx.defaultWorkspace() : undefined;
      const notifier = opts.notify ? (await import('../inbox/notify.js')).makeNotifier(ctx.io, ctx.env) : undefined;
      // Said before the screen takes the terminal, where it stays readable after.
      if (notifier?.missing) ctx.io.stderr.write(`wts: ${notifier.missing}\n`);
      const { runDash } = await import('../dash/ui.js');
      await runDash(ctx, {
        scope: {
          ...(opts.workspace !== undefined && { workspaceId: opts.workspace }),
          ...(boardWorkspaceId !== undefined && { boardWorkspaceId }),
        },
        refreshSeconds,
        title: opts.workspace ?? 'every workspace',
        ...(notifier !== undefined && { notifier }),
      });
    },
  });
}
