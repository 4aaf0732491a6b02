// wts schedule run: run scheduled tasks once now, outside their schedule
import type { Command } from 'commander';
import { waitOptions, waitTimeoutMs, type WaitFlags } from '../../follow/options.js';
import { printDone } from '../../output/print.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import { FIELDS, IDS, SCHEDULES, startRuns } from './shared.js';

export function registerRun(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'run',
    description: 'run scheduled tasks once now, outside their schedule',
    args: [IDS],
    options: options<WaitFlags>((c) => waitOptions(c, 'the run finishes (one ID only)')),
    fields: FIELDS,
    examples: [
      'wts schedule run sched_ops_backups',
      'wts schedule run sched_ops_backups --json',
      'wts schedule run sched_ops_backups --wait --timeout 15m   # in CI: exit 0 if the run succeeded, 8 if it failed',
      'wts schedule run sched_ops_backups sched_ops_access',
    ],
    bulk: {
      ...SCHEDULES,
      operation: 'run_scheduled_task_now',
      doing: 'starting',
      prepare: startRuns,
      async single(call, scheduledTaskId) {
        const { ctx, opts } = call;
        if (!opts.wait) {
          const { result, message } = await (await startRuns(call))(scheduledTaskId, {});
          return printDone(ctx, result, message);
        }
        const timeoutMs = waitTimeoutMs(opts);
        (await ctx.api()).prepare('run_scheduled_task_now', { path: { scheduledTaskId }, body: {} }); // bad input fails before anything is sent
        return (await import('../../follow/wait.js')).runScheduledAndWait(ctx, scheduledTaskId, { timeoutMs });
      },
    },
  });
}
