// wts approval list TASK | view ID | approve ID... | reject ID... [--reason R] | done ID... [--note N]
//              | answer ID TEXT | edit ID [--set FIELD=VALUE ... | --draft-file F] | review [--workspace WS]
import type { Command } from 'commander';
import type { Decided } from '../approvals/decisions.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { reportUnchanged } from '../input/editor.js';
import { parseDraft, type Draft } from '../input/draft.js';
import { collect, parseAssignment } from '../input/fields.js';
import { optionalText, readTextFile } from '../input/text.js';
import { relativeTime, stateText } from '../output/format.js';
import { pendingActionRows } from '../output/pending-action.js';
import { printDone, printObject } from '../output/print.js';
import { printItems } from '../output/list.js';
import type { Column } from '../output/table.js';
import { terminalText } from '../output/text.js';
import { terminalLine } from '../output/sanitize.js';
import { displayWidth, padToWidth } from '../output/width.js';
import { examples, verb, type CliDeps, options } from '../framework/verb.js';

type PendingAction = Resource<'PendingAction'>;

const ID = ['<ID>', 'pending action id (from `wts approval list TASK`)'] as const;
/** The ids of pending actions a bulk verb acts on (src/framework/verb.ts's BulkVerb). */
const IDS = ['<ID...>', 'pending action ids (from `wts approval list TASK`); - reads them from standard input, one a line'] as const;
const FIELDS = { actionId: 'ID', taskId: 'TASK', answer: 'TEXT' };
/** What the decisions made by id share as bulk verbs. */
const DECISIONS = { field: 'actionId', noun: ['pending action', 'pending actions'] } as const;
/** A decision as a bulk verb reports it. */
const decided = ({ action, message }: Decided) => ({ result: action, message });

function printAction(ctx: CommandContext, action: PendingAction): void {
  printObject(ctx, action, pendingActionRows(ctx, action));
}

/** The commands that decide a pending action of this kind, each with what it does. */
function nextSteps(action: PendingAction, wts: string): [command: string, about: string][] {
  const id = action.id;
  if (action.kind === 'human_task') return [[`${wts} approval done ${id} --note "…"`, 'mark it done, saying what was done']];
  if (action.kind === 'question') return [[`${wts} approval answer ${id} "…"`, 'answer the question (- reads the answer from stdin)']];
  return [
    [`${wts} approval approve ${id}`, 'approve it: the agent carries it out'],
    [`${wts} approval reject ${id} --reason "…"`, 'reject it, saying why'],
    [`${wts} approval edit ${id}`, 'change the draft first'],
  ];
}

/** On a terminal, under a pending action still waiting: what decides it (as gh's views end with what to do next). */
function printNextSteps(ctx: CommandContext, action: PendingAction): void {
  if (ctx.json || !ctx.io.isStdoutTTY || action.state !== 'pending') return;
  // A profile named on this command line is named in the commands too: they act where this one looked.
  const wts = ctx.globals.profile === undefined ? 'wts' : `wts --profile ${ctx.globals.profile}`;
  const steps = nextSteps(action, wts).map(([command, about]) => [terminalLine(command), about] as const);
  const width = Math.max(...steps.map(([command]) => displayWidth(command)));
  const room = ctx.io.columns - 2;
  // Each command with what it does beside it where both fit, else the commands alone (cut only past the edge).
  const beside = steps.every(([, about]) => width + 2 + displayWidth(about) <= room);
  const lines = steps.map(([command, about]) =>
    beside ? `  ${padToWidth(command, width)}  ${ctx.chalk.dim(about)}` : `  ${terminalText(command, room)}`,
  );
  ctx.io.stdout.write(`\n${ctx.chalk.bold('Next:')}\n${lines.join('\n')}\n`);
}

function approvalReview(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'review',
    description: 'decide what waits, one item after another, on a terminal: approve, reject, edit, answer, mark done or skip',
    options: options<{ workspace?: string }>((c) =>
      c.option('--workspace <ws>', 'only this workspace (default: every workspace this connection can open)'),
    ),
    fields: { workspaceId: '--workspace' },
    examples: [
      'wts approval review',
      'wts approval review --workspace ws_support',
      'wts --accessible approval review   # numbered questions, read line by line',
    ],
    async run({ ctx, opts }) {
      if (!ctx.io.canPrompt) {
        throw new CliError(
          'approval review asks questions, so it needs a terminal; in scripts, list with `wts inbox --json` and decide with `wts approval approve|reject|done|answer|edit ID`',
          ExitCode.usage,
        );
      }
      const { reviewWaiting } = await import('../review/session.js');
      await reviewWaiting(ctx, opts.workspace !== undefined ? { workspaceId: opts.workspace } : {});
    },
  });
}

function approvalList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_pending_actions',
    pages: true,
    description: 'list the pending actions of a task',
    args: [['<TASK>', 'task id (from `wts task list WS`)']],
    fields: FIELDS,
    examples: ['wts approval list task_s021', 'wts approval list task_s021 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const columns: Column<PendingAction>[] = [
        { header: 'ID', value: (a) => a.id, role: 'id' },
        { header: 'Kind', value: (a) => a.kind, priority: 1 },
        { header: 'State', value: (a) => stateText(ctx.chalk, a.state) },
        { header: 'Summary', value: (a) => a.summary, flex: true, role: 'title' },
        { header: 'Created', value: (a, mode) => (mode === 'human' ? relativeTime(a.createdAt, ctx.now()) : a.createdAt), priority: 2 },
      ];
      const items = api.items('list_pending_actions', { path: { taskId: args[0] } });
      await printItems(ctx, items, columns, { empty: 'Nothing is waiting for a decision on this task.' });
    },
  });
}

function approvalView(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'view',
    pages: true,
    description: 'show a pending action with its whole draft (on a terminal, then the commands that decide it)',
    args: [ID],
    fields: FIELDS,
    examples: ['wts approval view act_s001', 'wts approval view act_s001 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const action = await api.call('get_pending_action', { path: { actionId: args[0] } });
      printAction(ctx, action);
      printNextSteps(ctx, action);
    },
  });
}

function approvalApprove(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'approve',
    description: 'approve proposed actions, so the agent carries them out',
    args: [IDS],
    fields: FIELDS,
    examples: ['wts approval approve act_s001', 'wts approval approve act_s001 act_s002'],
    bulk: {
      ...DECISIONS,
      operation: 'approve_pending_action',
      doing: 'approving',
      find: async (api, id, options) => (await import('../approvals/decisions.js')).undecided(api, id, 'action', options),
      async prepare({ ctx }) {
        const { approveAction } = await import('../approvals/decisions.js');
        return async (id, options) => decided(await approveAction(ctx, id, options));
      },
    },
  });
}

function approvalReject(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'reject',
    description: 'reject pending actions, optionally saying why',
    args: [IDS],
    options: options<{ reason?: string }>((c) => c.option('--reason <text>', 'why, for the agent and the task history')),
    fields: FIELDS,
    examples: [
      'wts approval reject act_s008',
      'wts approval reject act_s008 --reason "Wait for the signed contract"',
      'wts approval reject act_s008 act_s009 --reason "Duplicates"',
    ],
    bulk: {
      ...DECISIONS,
      operation: 'reject_pending_action',
      doing: 'rejecting',
      find: async (api, id, options) => (await import('../approvals/decisions.js')).undecided(api, id, 'action', options),
      async prepare({ ctx, opts }) {
        const reason = optionalText(opts.reason, '--reason');
        // A reason the catalog refuses fails once, before any action is read or decided.
        (await ctx.api()).prepare('reject_pending_action', { path: { actionId: '-' }, body: reason === undefined ? {} : { reason } });
        const { rejectAction } = await import('../approvals/decisions.js');
        return async (id, options) => decided(await rejectAction(ctx, id, reason, '--reason', options));
      },
    },
  });
}

function approvalDone(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'done',
    description: 'mark tasks for a person as done',
    args: [IDS],
    options: options<{ note?: string }>((c) => c.option('--note <text>', 'what was done, for the agent and the task history')),
    fields: FIELDS,
    examples: ['wts approval done act_s005', 'wts approval done act_s005 --note "Called Oliver; claim fixed"'],
    bulk: {
      ...DECISIONS,
      operation: 'complete_human_task',
      doing: 'marking done',
      find: async (api, id, options) => (await import('../approvals/decisions.js')).undecided(api, id, 'human_task', options),
      async prepare({ ctx, opts }) {
        const note = optionalText(opts.note, '--note');
        (await ctx.api()).prepare('complete_human_task', { path: { actionId: '-' }, body: note === undefined ? {} : { note } });
        const { completeHumanTask } = await import('../approvals/decisions.js');
        return async (id, options) => decided(await completeHumanTask(ctx, id, note, '--note', options));
      },
    },
  });
}

function approvalAnswer(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'answer',
    description: "answer an agent's question (TEXT, or - to read it from standard input)",
    args: [ID, ['<TEXT>', 'the answer, or - for standard input']],
    fields: FIELDS,
    examples: ['wts approval answer act_s004 "Contest it with the approval as evidence"', 'wts approval answer act_s004 - < answer.txt'],
    async run({ ctx, args }) {
      const fromStdin = args[1] === '-';
      const text = fromStdin ? await readTextFile(ctx, '-', 'TEXT') : args[1];
      const { answerQuestion } = await import('../approvals/decisions.js');
      const { action, message } = await answerQuestion(ctx, args[0], text, fromStdin ? 'standard input' : 'TEXT');
      printDone(ctx, action, message);
    },
  });
}

function approvalEdit(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'edit',
    description:
      "change fields of a pending action's draft before deciding (on a terminal with no flags: in $VISUAL/$EDITOR, one plain-text section per field)",
    args: [ID],
    options: options<{ set?: string[]; draftFile?: string }>((c) =>
      c
        .option(
          '--set <field=value>',
          'set one draft field (repeatable); a value that reads as a JSON number or true/false is sent as such, anything else as text',
          collect,
        )
        .option('--draft-file <file>', 'a JSON object of the draft fields to change (- for standard input); for lists and objects'),
    ),
    fields: FIELDS,
    examples: [
      'wts approval edit act_s001 --set subject="Re: Charged twice for April (refund sent)"',
      'wts approval edit act_s004 --draft-file draft.json',
      'wts approval edit act_s001   # on a terminal: the draft in your editor',
    ],
    async run({ ctx, args, opts }) {
      const actionId = args[0];
      const set = opts.set ?? [];
      if (set.length > 0 && opts.draftFile !== undefined)
        throw new CliError('--set and --draft-file cannot be used together', ExitCode.usage);
      let changes: Draft | undefined;
      if (set.length > 0) changes = Object.fromEntries(set.map((s) => parseAssignment(s, '--set')));
      else if (opts.draftFile !== undefined) changes = parseDraft(await readTextFile(ctx, opts.draftFile, '--draft-file'), '--draft-file');
      const { editDraft, updateDraft } = await import('../approvals/decisions.js');
      if (changes) {
        const { action, message } = await updateDraft(ctx, actionId, changes);
        printDone(ctx, action, message);
        return;
      }
      if (!ctx.io.canPrompt) {
        throw new CliError(
          'nothing to change: pass --set FIELD=VALUE or --draft-file F (the editor opens only on a terminal)',
          ExitCode.usage,
        );
      }
      const api = await ctx.api();
      const current = await api.call('get_pending_action', { path: { actionId } });
      const edited = await editDraft(ctx, current);
      if (!edited) reportUnchanged(ctx, current);
      else printDone(ctx, edited.action, edited.message);
    },
  });
}

export function registerApproval(program: Command, deps: CliDeps): void {
  const group = program
    .command('approval')
    .alias('approvals')
    .description("actions, tasks for people and questions waiting for someone's decision");
  examples(group, ['wts approval review', 'wts approval list task_s021', 'wts approval approve act_s001']);
  approvalReview(group, deps);
  approvalList(group, deps);
  approvalView(group, deps);
  approvalApprove(group, deps);
  approvalReject(group, deps);
  approvalDone(group, deps);
  approvalAnswer(group, deps);
  approvalEdit(group, deps);
}
