// wts schedule diff -f FILE | apply -f FILE [--prune --yes]: schedules as code.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { readTextFile } from '../../input/text.js';
import { terminalLine } from '../../output/sanitize.js';
import { printDone, printJson } from '../../output/print.js';
import { confirmDestructive } from '../../framework/confirm.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import type { Schedule } from './shared.js';

interface FileFlags {
  file?: string;
  prune?: boolean;
  yes?: boolean;
}

const FILE_HELP =
  'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)';

/** Reads and checks the file (exit 2 before any request), then lists the service's scheduled tasks and plans. */
async function planFromFile(ctx: CommandContext, opts: FileFlags) {
  if (opts.file === undefined) throw new CliError(`--file: is required: ${FILE_HELP}`, ExitCode.usage);
  const [{ parseScheduleFile }, { planSchedules }] = await Promise.all([
    import('../../schedules/file.js'),
    import('../../schedules/plan.js'),
  ]);
  const fileName = opts.file === '-' ? '<stdin>' : opts.file;
  const specs = parseScheduleFile(await readTextFile(ctx, opts.file, '--file'), fileName);
  const api = await ctx.api();
  const actual: Schedule[] = [];
  for await (const s of api.items('list_scheduled_tasks', { path: {} })) actual.push(s);
  return { api, fileName, plan: planSchedules(specs, actual, { prune: Boolean(opts.prune) }) };
}

const scope = (workspaces: string[]) => (workspaces.length ? workspaces.join(', ') : 'no workspace');

const MATCHING_HELP = `Matching:
  An entry is matched to the scheduled task with the same workspace and title: the service keeps no
  field of ours, so \`key\` is a local alias, named in plans and errors, never sent. Renaming a title
  therefore creates a new scheduled task (and --prune deletes the old one) unless the title is changed
  on the service first (\`wts schedule edit ID --title\`). Only the workspaces the file names are compared.
`;

export function registerSchedulesAsCode(group: Command, deps: CliDeps): void {
  const diff = verb(group, deps, {
    name: 'diff',
    pages: true,
    description: "show how the service's scheduled tasks differ from a schedules file; exit 8 on any drift",
    options: options<FileFlags>((c) => c.option('-f, --file <file>', FILE_HELP)),
    examples: [
      'wts schedule diff -f schedules.yaml',
      'wts schedule diff -f schedules.json --json',
      'wts schedule diff -f schedules.yaml; echo $?   # 0 no drift, 8 drift, 2 a malformed file',
    ],
    async run({ ctx, opts }) {
      const { fileName, plan } = await planFromFile(ctx, opts);
      const { hasDrift, renderPlan, planJson, planSummary } = await import('../../schedules/plan.js');
      const drift = hasDrift(plan);
      if (ctx.json) printJson(ctx, planJson(plan));
      else if (drift) ctx.io.stdout.write(renderPlan(plan, ctx.chalk, ctx.io.isStdoutTTY ? ctx.io.columns : Infinity));
      else if (ctx.io.isStdoutTTY)
        ctx.io.stdout.write(
          `${ctx.chalk.green('✓')} ${terminalLine(`No drift: the ${plan.unchanged.length} scheduled tasks in ${scope(plan.workspaces)} match ${fileName}`)}\n`,
        );
      if (drift) {
        const extra = plan.steps.some((s) => s.action === 'extra');
        throw new CliError(
          `${fileName} and the service differ: ${planSummary(plan)} — \`wts schedule apply -f ${opts.file}${extra ? ' --prune' : ''}\` makes them match`,
          ExitCode.checkFailed,
        );
      }
    },
  });

  diff.addHelpText('after', MATCHING_HELP);

  const apply = verb(group, deps, {
    name: 'apply',
    description: 'make the scheduled tasks match a schedules file: create, update, pause, resume (and with --prune delete)',
    options: options<FileFlags>((c) =>
      c
        .option('-f, --file <file>', FILE_HELP)
        .option('--prune', 'also delete the scheduled tasks the file does not list, in the workspaces it names (never in others)')
        .option('-y, --yes', 'do not ask for confirmation (needed without a terminal)'),
    ),
    examples: [
      'wts schedule apply -f schedules.yaml',
      'wts schedule apply -f schedules.yaml --prune --yes   # in CI',
      'wts schedule apply -f schedules.yaml --yes --json',
    ],
    async run({ ctx, opts }) {
      const { api, fileName, plan } = await planFromFile(ctx, opts);
      const { renderPlan, changingSteps } = await import('../../schedules/plan.js');
      const changes = changingSteps(plan);
      const extras = plan.steps.filter((s) => s.action === 'extra').length;
      const kept = extras ? `; ${extras} not in the file kept (--prune deletes them)` : '';
      if (!ctx.json) ctx.io.stdout.write(renderPlan(plan, ctx.chalk, ctx.io.isStdoutTTY ? ctx.io.columns : Infinity));
      if (changes.length === 0) {
        if (ctx.json) printJson(ctx, { applied: [] });
        else printDone(ctx, {}, `Nothing to change: the scheduled tasks in ${scope(plan.workspaces)} match ${fileName}${kept}`);
        return;
      }
      const deletions = changes.filter((s) => s.action === 'delete').length;
      await confirmDestructive(
        ctx,
        `Apply these changes to the scheduled tasks in ${scope(plan.workspaces)}?${deletions ? ` ${deletions} scheduled task${deletions === 1 ? '' : 's'} will be deleted.` : ''}`,
        opts.yes,
      );
      const { applyPlan, ApplyStopped } = await import('../../schedules/apply.js');
      const verbs = { create: 'Created', update: 'Updated', pause: 'Paused', resume: 'Resumed', delete: 'Deleted' } as const;
      try {
        const applied = await applyPlan(api, plan, (step) => {
          if (!ctx.json) printDone(ctx, step, `${verbs[step.action]} ${step.id} "${step.title}" in ${step.workspaceId}`);
        });
        if (ctx.json) printJson(ctx, { applied });
        else if (ctx.io.isStdoutTTY)
          ctx.io.stdout.write(
            `${terminalLine(`${applied.length} change${applied.length === 1 ? '' : 's'} applied: the scheduled tasks in ${scope(plan.workspaces)} match ${fileName}${kept}`)}\n`,
          );
      } catch (err) {
        if (!(err instanceof ApplyStopped)) throw err;
        ctx.io.stderr.write(
          `wts: ${terminalLine(`${err.message}; what was done stays done — \`wts schedule diff -f ${opts.file}\` shows what is left`)}\n`,
        );
        throw err.cause;
      }
    },
  });
  apply.addHelpText('after', MATCHING_HELP);
}
