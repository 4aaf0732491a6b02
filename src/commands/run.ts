// wts run view RUN | watch RUN
import type { Command } from 'commander';
import { waitOptions, waitTimeoutMs, type WaitFlags } from '../follow/options.js';
import { localAndRelative, stateText } from '../output/format.js';
import { printObject } from '../output/print.js';
import { styled, type Mode } from '../output/text.js';
import { options, verb, type CliDeps } from '../framework/verb.js';

function runView(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show a run: state, task, agent, times, its whole output and the actions it proposed',
    args: [['<RUN>', 'run id (from `wts task runs TASK`)']],
    fields: { runId: 'RUN' },
    examples: ['wts run view run_s001', 'wts run view run_s001 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const run = await api.call('get_run', { path: { runId: args[0] } });
      const { chalk } = ctx;
      const moment = (iso: string, mode: Mode) => (mode === 'human' ? localAndRelative(iso, ctx.now()) : iso);
      printObject(ctx, run, [
        ['ID', () => run.id],
        ['State', () => stateText(chalk, run.state)],
        ['Task', () => run.taskId],
        ['Agent', () => run.agentId],
        ['Started', (mode) => moment(run.startedAt, mode)],
        [
          'Finished',
          (mode) => (run.finishedAt ? moment(run.finishedAt, mode) : mode === 'human' ? styled('still running', (t) => chalk.dim(t)) : ''),
        ],
        [
          'Proposed',
          (mode) =>
            run.proposedActionIds.length
              ? run.proposedActionIds.join(', ')
              : mode === 'human'
                ? styled('nothing', (t) => chalk.dim(t))
                : '',
        ],
        ['Output', (mode) => run.output || (mode === 'human' ? styled('none', (t) => chalk.dim(t)) : '')],
      ]);
    },
  });
}

function runWatch(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'watch',
    description: 'wait for a run to finish, then show its output and what it proposed: exit 0 if it succeeded, 8 if it failed',
    args: [['<RUN>', 'run id (from `wts task runs TASK`)']],
    options: options<WaitFlags>((c) => waitOptions(c, 'the run finishes', { always: true })),
    fields: { runId: 'RUN' },
    examples: [
      'wts run watch run_s001',
      'wts run watch run_s001 --timeout 30m && echo succeeded',
      'wts run watch run_s001 --json | jq .proposedActions',
    ],
    async run({ ctx, args, opts }) {
      const timeoutMs = waitTimeoutMs(opts, { always: true });
      const api = await ctx.api();
      api.prepare('get_run', { path: { runId: args[0] } }); // bad input fails before anything is sent
      await (await import('../follow/wait.js')).watchRun(ctx, args[0], { timeoutMs });
    },
  });
}

export function registerRun(program: Command, deps: CliDeps): void {
  const group = program.command('run').alias('runs').description("an agent's runs: what it did on a task and what it proposed");
  runView(group, deps);
  runWatch(group, deps);
}
