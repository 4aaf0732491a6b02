// wts schedule export [-w WS] [-o yaml|json] | diff -f FILE | apply -f FILE [--prune --yes]: schedules as code.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { readTextFile } from '../../input/text.js';
import { pipeField, terminalBlock, terminalLine } from '../../output/sanitize.js';
import { printDone, printJson } from '../../output/print.js';
import { confirmDestructive } from '../../framework/confirm.js';
import { verb, type CliDeps, options } from '../../framework/verb.js';
import { collectList } from '../../input/people.js';
import type { Schedule } from './shared.js';
import type { ApiClient } from '../../api/client.js';
import type { ScheduleSpec } from '../../schedules/file.js';
import type { SchedulePlan } from '../../schedules/plan.js';

interface FileFlags {
  file?: string;
  /** Check the file's workspaces and agents against the service before planning (diff, apply). */
  checkReferences?: boolean;
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
  if (opts.checkReferences) await checkReferences(ctx, api, specs, fileName);
  const actual: Schedule[] = [];
  for await (const s of api.items('list_scheduled_tasks', { path: {} })) actual.push(s);
  const plan = planSchedules(specs, actual, { prune: Boolean(opts.prune) });
  rememberPlanned(ctx, plan);
  return { api, fileName, plan };
}

/** The scheduled tasks a plan names by id (diff and apply print them, --json the unchanged too): kept for completion. */
function rememberPlanned(ctx: CommandContext, plan: SchedulePlan): void {
  const named = [
    ...plan.steps.flatMap((step) => ('current' in step && step.current ? [step.current] : [])),
    ...plan.unchanged.map((u) => u.current),
  ];
  for (const schedule of named) ctx.remember('schedule', schedule.id, schedule.title);
}

/**
 * What the service would refuse and a read can tell: a workspace the connection does not list, an agent
 * that is not the workspace's own. Every problem is a line; then exit 2, as `apply` fails on the agent.
 */
async function checkReferences(ctx: CommandContext, api: ApiClient, specs: readonly ScheduleSpec[], fileName: string): Promise<void> {
  const workspaces = new Set<string>();
  for await (const w of api.items('list_workspaces', { path: {} })) workspaces.add(w.id);
  const agents = new Map<string, string>();
  for await (const a of api.items('list_agents', { path: {} })) agents.set(a.id, a.workspaceId);
  const own = (ws: string) => [...agents].find(([, w]) => w === ws)?.[0];
  const problems: string[] = [];
  for (const spec of specs) {
    const at = `${fileName}: schedules[${spec.index}]`;
    if (!workspaces.has(spec.workspaceId)) {
      problems.push(`${at}.workspace: no workspace ${spec.workspaceId} here (\`wts workspace list\` shows them)`);
      continue;
    }
    const agentWorkspace = agents.get(spec.agentId);
    if (agentWorkspace === spec.workspaceId) continue;
    const owner = agentWorkspace === undefined ? 'is no agent here' : `is the agent of ${agentWorkspace}`;
    const hint = own(spec.workspaceId);
    problems.push(`${at}.agent: ${spec.agentId} ${owner}, not of ${spec.workspaceId}${hint ? `; its agent is ${hint}` : ''}`);
  }
  const last = problems.pop();
  if (last === undefined) return;
  const { annotates, annotation } = await import('../../output/annotations.js');
  for (const problem of problems) {
    ctx.io.stderr.write(`wts: ${terminalLine(problem)}\n`);
    // The last one is annotated where every error is (src/cli.ts).
    const line = annotates(ctx.env, ['schedule', 'diff']) ? annotation(problem, [fileName]) : undefined;
    if (line) ctx.io.stdout.write(line);
  }
  throw new CliError(last, ExitCode.usage);
}

const scope = (workspaces: string[]) => (workspaces.length ? workspaces.join(', ') : 'no workspace');

const MATCHING_HELP = `Matching:
  An entry is matched to the scheduled task with the same workspace and title: the service keeps no
  field of ours, so \`key\` is a local alias, named in plans and errors, never sent. Renaming a title
  therefore creates a new scheduled task (and --prune deletes the old one) unless the title is changed
  on the service first (\`wts schedule edit ID --title\`). Only the workspaces the file names are compared.
`;

const FORMATS = ['yaml', 'json'] as const;

function formatOf(text: string | undefined, json: boolean): (typeof FORMATS)[number] {
  if (text === undefined) return json ? 'json' : 'yaml';
  const format = FORMATS.find((f) => f === text.trim().toLowerCase());
  if (!format) throw new CliError(`--output: yaml or json, not "${pipeField(text)}"`, ExitCode.usage);
  if (json && format === 'yaml') throw new CliError('--json and --output yaml: give one or the other', ExitCode.usage);
  return format;
}

/** The scheduled tasks of `workspaces` (every one when none are named); exit 3 for a workspace the connection does not list. */
async function exportedSchedules(ctx: CommandContext, workspaces: string[]): Promise<Schedule[]> {
  const api = await ctx.api();
  const schedules: Schedule[] = [];
  for await (const s of api.items('list_scheduled_tasks', { path: {} }))
    if (!workspaces.length || workspaces.includes(s.workspaceId)) schedules.push(s);
  const empty = workspaces.filter((w) => !schedules.some((s) => s.workspaceId === w));
  if (empty.length) {
    // A workspace with no scheduled task, or none at all: a mistyped one must not export an empty file.
    const known = new Set<string>();
    for await (const w of api.items('list_workspaces', { path: {} })) known.add(w.id);
    const [missing] = empty.filter((w) => !known.has(w));
    if (missing !== undefined)
      throw new CliError(`--workspace: no workspace ${missing} here (\`wts workspace list\` shows them)`, ExitCode.notFound);
  }
  return schedules;
}

export function registerSchedulesAsCode(group: Command, deps: CliDeps): void {
  verb(group, deps, {
    name: 'export',
    description:
      "write a schedules file from the service's scheduled tasks (what diff -f and apply -f read), to start keeping them as code",
    options: options<{ workspace?: string[]; output?: string }>((c) =>
      c
        .option(
          '-w, --workspace <id>',
          'only the scheduled tasks of this workspace; repeatable or comma-separated (default: every workspace)',
          collectList,
        )
        .option('-o, --output <format>', 'yaml or json (default: yaml; json with --json)'),
    ),
    examples: [
      'wts schedule export -w ws_ops > schedules.yaml',
      'wts schedule export -w ws_ops | wts schedule diff -f -   # no drift: exit 0',
      'wts schedule export -o json > schedules.json',
    ],
    async run({ ctx, opts }) {
      const format = formatOf(opts.output, ctx.json);
      const workspaces = [...new Set(opts.workspace)];
      const { scheduleFileText } = await import('../../schedules/file.js');
      const text = scheduleFileText(await exportedSchedules(ctx, workspaces), format);
      // The file is the service's text as it is; a terminal sees it sanitized.
      ctx.io.stdout.write(ctx.io.isStdoutTTY ? terminalBlock(text) : text);
    },
  });

  const diff = verb(group, deps, {
    name: 'diff',
    pages: true,
    description: "show how the service's scheduled tasks differ from a schedules file; exit 8 on any drift",
    options: options<FileFlags>((c) => c.option('-f, --file <file>', FILE_HELP)),
    examples: [
      'wts schedule diff -f schedules.yaml',
      'wts schedule diff -f schedules.json --json',
      'wts schedule diff -f schedules.yaml; echo $?   # 0 no drift, 8 drift, 2 a malformed file or a bad reference',
      'wts schedule export -w ws_ops | wts schedule diff -f -',
    ],
    async run({ ctx, opts }) {
      const { fileName, plan } = await planFromFile(ctx, { ...opts, checkReferences: true });
      const { hasDrift, renderPlan, planJson, planSummary } = await import('../../schedules/plan.js');
      const drift = hasDrift(plan);
      if (ctx.json) printJson(ctx, planJson(plan));
      else if (drift) ctx.io.stdout.write(renderPlan(plan, ctx.chalk, ctx.io.isStdoutTTY ? ctx.io.columns : Infinity));
      // Piped too: a CI log shows that the check ran and found nothing.
      else
        ctx.io.stdout.write(
          `${ctx.io.isStdoutTTY ? `${ctx.chalk.green('✓')} ` : ''}${terminalLine(`No drift: the ${plan.unchanged.length} scheduled tasks in ${scope(plan.workspaces)} match ${fileName}`)}\n`,
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
      // Every reference check diff makes, before the first change: nothing is half applied for a bad agent.
      const { api, fileName, plan } = await planFromFile(ctx, { ...opts, checkReferences: true });
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
          if (step.action === 'create') ctx.remember('schedule', step.id, step.title);
          if (step.action === 'delete') ctx.forget('schedule', step.id);
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
