// wts approval list TASK | view ID | approve ID | reject ID [--reason R] | done ID [--note N]
//              | answer ID TEXT | edit ID [--set FIELD=VALUE ... | --draft-file F] | review [--workspace WS]
import type { Command } from 'commander';
import type { Resource } from '../api/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { editText, sendKeepingText } from '../input/editor.js';
import { changedFields, parseDraft, type Draft } from '../input/draft.js';
import { collect, parseAssignment } from '../input/fields.js';
import { readTextFile } from '../input/text.js';
import { relativeTime, stateText } from '../output/format.js';
import { pendingActionRows } from '../output/pending-action.js';
import { printDone, printItems, printObject, type Column } from '../output/print.js';
import { examples, verb, type CliDeps } from './action.js';

type PendingAction = Resource<'PendingAction'>;

const ID: [string, string] = ['<ID>', 'pending action id (from `wts approval list TASK`)'];
const FIELDS = { actionId: 'ID', taskId: 'TASK', answer: 'TEXT' };

function printAction(ctx: CommandContext, action: PendingAction): void {
  printObject(ctx, action, pendingActionRows(ctx, action));
}

export function registerApproval(program: Command, deps: CliDeps): void {
  const group = program
    .command('approval')
    .alias('approvals')
    .description("actions, tasks for people and questions waiting for someone's decision");
  examples(group, ['wts approval review', 'wts approval list task_s021', 'wts approval approve act_s001']);

  verb<{ workspace?: string }>(group, deps, {
    name: 'review',
    description: 'decide what waits, one item after another, on a terminal: approve, reject, edit, answer, mark done or skip',
    options: (c) => c.option('--workspace <ws>', 'only this workspace (default: every workspace this connection can open)'),
    fields: { workspaceId: '--workspace' },
    examples: ['wts approval review', 'wts approval review --workspace ws_support'],
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

  verb(group, deps, {
    name: 'list',
    description: 'list the pending actions of a task',
    args: [['<TASK>', 'task id (from `wts task list WS`)']],
    fields: FIELDS,
    examples: ['wts approval list task_s021', 'wts approval list task_s021 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const columns: Column<PendingAction>[] = [
        { header: 'ID', value: (a) => a.id },
        { header: 'Kind', value: (a) => a.kind },
        { header: 'State', value: (a) => stateText(ctx.chalk, a.state) },
        { header: 'Summary', value: (a) => a.summary, flex: true },
        { header: 'Created', value: (a, mode) => (mode === 'human' ? relativeTime(a.createdAt, ctx.now()) : a.createdAt) },
      ];
      const items = api.items('list_pending_actions', { path: { taskId: args[0] as string } }) as AsyncIterable<PendingAction>;
      await printItems(ctx, items, columns, { empty: 'Nothing is waiting for a decision on this task.' });
    },
  });

  verb(group, deps, {
    name: 'view',
    description: 'show a pending action with its whole draft',
    args: [ID],
    fields: FIELDS,
    examples: ['wts approval view act_s001', 'wts approval view act_s001 --json'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      printAction(ctx, (await api.call('get_pending_action', { path: { actionId: args[0] as string } })) as PendingAction);
    },
  });

  verb(group, deps, {
    name: 'approve',
    description: 'approve a proposed action, so the agent carries it out',
    args: [ID],
    fields: FIELDS,
    examples: ['wts approval approve act_s001'],
    async run({ ctx, args }) {
      const api = await ctx.api();
      const action = (await api.call('approve_pending_action', { path: { actionId: args[0] as string }, body: {} })) as PendingAction;
      printDone(ctx, action, `Approved ${action.id}: ${action.summary}`);
    },
  });

  verb<{ reason?: string }>(group, deps, {
    name: 'reject',
    description: 'reject a pending action, optionally saying why',
    args: [ID],
    options: (c) => c.option('--reason <text>', 'why, for the agent and the task history'),
    fields: FIELDS,
    examples: ['wts approval reject act_s008', 'wts approval reject act_s008 --reason "Wait for the signed contract"'],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const body = opts.reason === undefined ? {} : { reason: opts.reason };
      const action = (await api.call('reject_pending_action', { path: { actionId: args[0] as string }, body })) as PendingAction;
      printDone(ctx, action, `Rejected ${action.id}: ${action.summary}`);
    },
  });

  verb<{ note?: string }>(group, deps, {
    name: 'done',
    description: 'mark a task for a person as done',
    args: [ID],
    options: (c) => c.option('--note <text>', 'what was done, for the agent and the task history'),
    fields: FIELDS,
    examples: ['wts approval done act_s005', 'wts approval done act_s005 --note "Called Oliver; claim fixed"'],
    async run({ ctx, args, opts }) {
      const api = await ctx.api();
      const body = opts.note === undefined ? {} : { note: opts.note };
      const action = (await api.call('complete_human_task', { path: { actionId: args[0] as string }, body })) as PendingAction;
      printDone(ctx, action, `Done ${action.id}: ${action.summary}`);
    },
  });

  verb(group, deps, {
    name: 'answer',
    description: "answer an agent's question (TEXT, or - to read it from standard input)",
    args: [ID, ['<TEXT>', 'the answer, or - for standard input']],
    fields: FIELDS,
    examples: ['wts approval answer act_s004 "Contest it with the approval as evidence"', 'wts approval answer act_s004 - < answer.txt'],
    async run({ ctx, args }) {
      const text = args[1] === '-' ? await readTextFile(ctx, '-', 'TEXT') : (args[1] as string);
      const api = await ctx.api();
      const action = (await api.call('answer_agent_question', { path: { actionId: args[0] as string }, body: { answer: text } })) as PendingAction;
      printDone(ctx, action, `Answered ${action.id}: ${action.summary}`);
    },
  });

  verb<{ set: string[]; draftFile?: string }>(group, deps, {
    name: 'edit',
    description: "change fields of a pending action's draft before deciding (on a terminal with no flags: in $VISUAL/$EDITOR as JSON)",
    args: [ID],
    options: (c) =>
      c
        .option('--set <field=value>', 'set one draft field (repeatable); a value that reads as a JSON number or true/false is sent as such, anything else as text', collect, [])
        .option('--draft-file <file>', 'a JSON object of the draft fields to change (- for standard input); for lists and objects'),
    fields: FIELDS,
    examples: [
      'wts approval edit act_s001 --set subject="Re: Charged twice for April (refund sent)"',
      'wts approval edit act_s004 --draft-file draft.json',
      'wts approval edit act_s001   # on a terminal: the draft in your editor',
    ],
    async run({ ctx, args, opts }) {
      const actionId = args[0] as string;
      if (opts.set.length > 0 && opts.draftFile !== undefined) throw new CliError('--set and --draft-file cannot be used together', ExitCode.usage);
      let changes: Draft | undefined;
      if (opts.set.length > 0) changes = Object.fromEntries(opts.set.map((s) => parseAssignment(s, '--set')));
      else if (opts.draftFile !== undefined) changes = parseDraft(await readTextFile(ctx, opts.draftFile, '--draft-file'), '--draft-file');
      const api = await ctx.api();
      if (changes) {
        const action = (await api.call('update_pending_action', { path: { actionId }, body: { draft: changes } })) as PendingAction;
        printDone(ctx, action, `Updated ${Object.keys(changes).join(', ') || 'nothing'} of ${action.id}: ${action.summary}`);
        return;
      }
      if (!ctx.io.canPrompt) {
        throw new CliError('nothing to change: pass --set FIELD=VALUE or --draft-file F (the editor opens only on a terminal)', ExitCode.usage);
      }
      const current = (await api.call('get_pending_action', { path: { actionId } })) as PendingAction;
      const text = await editText(ctx, `${JSON.stringify(current.draft, null, 2)}\n`, '.json');
      const action = await sendKeepingText(ctx, text, async () => {
        const edited = changedFields(current.draft, parseDraft(text, 'the edited draft'));
        if (Object.keys(edited).length === 0) return undefined;
        return { fields: Object.keys(edited), action: (await api.call('update_pending_action', { path: { actionId }, body: { draft: edited } })) as PendingAction };
      });
      if (!action) {
        if (ctx.json) printDone(ctx, current, '');
        else ctx.io.stderr.write('No changes; nothing was sent.\n');
        return;
      }
      printDone(ctx, action.action, `Updated ${action.fields.join(', ')} of ${action.action.id}: ${action.action.summary}`);
    },
  });
}
