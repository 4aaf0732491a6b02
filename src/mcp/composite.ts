// The tools of `wts mcp` that no remote /mcp offers: answers that take wts many requests (the inbox across
// workspaces, my open tasks across workspaces, a check of the scheduled tasks), asked for once by the
// assistant. Each gathers through what the CLI does (src/inbox/, src/schedules/, the pool and walkPages)
// and answers a part of the whole at a time, with a cursor to the rest.
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { PendingAction, ScheduledTask, Task } from '../contract/resources.js';
import { toolSchemaOf, type OperationTool } from '../contract/tools.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode, InputError } from '../errors.js';
import { isRecord } from '../type-guards.js';

/** A tool of the bridge's own: its definition, and what a call does. */
export interface CompositeTool extends Pick<OperationTool, 'title' | 'description' | 'jsonSchema' | 'outputSchema' | 'annotations'> {
  name: string;
  inputSchema: z.ZodObject;
  /** The tools that act on what this one answers: its description names those the server offers. */
  followUps?: readonly string[];
  call(args: Record<string, unknown>, ctx: CommandContext): Promise<Record<string, unknown>>;
}

/** Items answered by one call, by default and at most: an assistant reads every one of them. */
export const DEFAULT_ITEMS = 25;
export const MAX_ITEMS = 100;

/** Wholes kept for their cursors (the latest ones): a cursor to an older one gathers its whole again. */
const KEPT_WHOLES = 16;

const READ_ONLY = (title: string): ToolAnnotations => ({
  title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

const limit = () =>
  z
    .number()
    .int()
    .min(1)
    .max(MAX_ITEMS)
    .default(DEFAULT_ITEMS)
    .describe(`items in this answer, 1 to ${MAX_ITEMS} (default ${DEFAULT_ITEMS})`);
const cursor = () =>
  z
    .string()
    .min(1)
    .max(8000)
    .optional()
    .describe('nextCursor of the previous answer, to read on in the same result (its other arguments are then ignored); omit to start');
const workspaceId = (what: string) =>
  z.string().min(1).max(64).optional().describe(`only ${what} of this workspace id (default: every workspace)`);

/** A part of a whole: `items` from `offset`, with how many there are and the cursor to the next part. */
const partOf = <T extends z.ZodType>(item: T) => ({
  items: z.array(item),
  total: z.number().int().describe('items in the whole result'),
  nextCursor: z.string().nullable().describe('pass it back as cursor for the next items; null: this is the last part'),
});

interface Whole {
  items: readonly unknown[];
  /** Said of the whole beside each part (check_schedules: whether all passed). */
  summary: Record<string, unknown>;
}

/**
 * The wholes behind the cursors: a call gathers the whole once (that is the expensive part), answers its
 * first items, and keeps it; a cursor reads on in that whole without asking the service again.
 */
class Wholes {
  private readonly kept = new Map<string, Whole>();

  /** A new whole of `tool`, kept for its cursor. */
  keep(tool: string, whole: Whole): string {
    const id = `${tool}:${randomBytes(6).toString('base64url')}`;
    this.kept.set(id, whole);
    for (const old of this.kept.keys()) if (this.kept.size > KEPT_WHOLES) this.kept.delete(old);
    return id;
  }

  /** The whole kept under `id` in this process, if it still is. */
  get(id: string): Whole | undefined {
    return this.kept.get(id);
  }

  /** Keeps `whole` under an id a cursor named (read on after a new process gathered it again). */
  keepAs(id: string, whole: Whole): void {
    this.kept.set(id, whole);
    for (const old of this.kept.keys()) if (this.kept.size > KEPT_WHOLES) this.kept.delete(old);
  }
}

/**
 * A cursor: the whole's id, the offset, and the arguments that gathered it, so that a cursor outlives
 * the process that gave it (an MCP client may start `wts mcp` once per call): where the whole is no
 * longer kept, it is gathered again with those arguments.
 */
function cursorOf(id: string, offset: number, args: Record<string, unknown>): string {
  return `${id}.${offset}.${Buffer.from(JSON.stringify(args)).toString('base64url')}`;
}

function readCursor(tool: string, text: string): { id: string; offset: number; args: Record<string, unknown> } {
  const [, id = '', at = '', encoded = ''] = /^([a-z_]+:[A-Za-z0-9_-]+)\.(\d+)\.([A-Za-z0-9_-]*)$/.exec(text) ?? [];
  let args: unknown;
  try {
    args = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    args = undefined;
  }
  if (!id.startsWith(`${tool}:`) || !isRecord(args))
    throw new InputError('cursor', `not a cursor of ${tool}; call ${tool} again without it`);
  return { id, offset: Number(at), args: args };
}

/** The part of `whole` from `offset`: its summary, `size` items, how many there are in all and the cursor to the rest. */
function partAt(id: string, whole: Whole, offset: number, size: number, args: Record<string, unknown>): Record<string, unknown> {
  const start = Math.min(offset, whole.items.length);
  const end = start + size;
  const { items, summary } = whole;
  return {
    ...summary,
    items: items.slice(start, end),
    total: items.length,
    nextCursor: end < items.length ? cursorOf(id, end, args) : null,
  };
}

/** Reads a tool's arguments with its input schema; a refusal names the argument. */
function parseArgs<S extends z.ZodObject>(schema: S, args: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new InputError(issue?.path.join('.') ?? '', issue?.message ?? 'invalid arguments');
}

interface Spec<S extends z.ZodObject, O extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  output: O;
  followUps?: readonly string[];
  /** The whole result's items, and any summary of the whole to answer beside each part. */
  gather(args: z.output<S>, ctx: CommandContext): Promise<{ items: unknown[]; summary?: Record<string, unknown> }>;
}

function composite<S extends z.ZodObject, O extends z.ZodRawShape>(wholes: Wholes, spec: Spec<S, O>): CompositeTool {
  return {
    name: spec.name,
    title: spec.title,
    description: `${spec.description} Answers at most ${MAX_ITEMS} items at a time (limit, default ${DEFAULT_ITEMS}), with the total and a nextCursor to read on.`,
    inputSchema: spec.input,
    jsonSchema: toolSchemaOf(spec.input, 'input'),
    outputSchema: toolSchemaOf(z.object(spec.output), 'output'),
    annotations: READ_ONLY(spec.title),
    ...(spec.followUps ? { followUps: spec.followUps } : {}),
    async call(raw, ctx) {
      const given = parseArgs(spec.input, raw);
      const size = typeof given.limit === 'number' ? given.limit : DEFAULT_ITEMS;
      if (typeof given.cursor === 'string') {
        const { id, offset, args: kept } = readCursor(spec.name, given.cursor);
        const args = parseArgs(spec.input, kept);
        let whole = wholes.get(id);
        if (!whole) {
          // Gathered by another process (or long ago): gathered again, with the arguments the cursor carries.
          const { items, summary = {} } = await spec.gather(args, ctx);
          whole = { items, summary };
          wholes.keepAs(id, whole);
        }
        return partAt(id, whole, offset, size, kept);
      }
      const { cursor: _cursor, limit: _limit, ...gathering } = given;
      const { items, summary = {} } = await spec.gather(given, ctx);
      const whole = { items, summary };
      return partAt(wholes.keep(spec.name, whole), whole, 0, size, gathering);
    },
  };
}

const Waiting = PendingAction.extend({
  task: Task.pick({ id: true, title: true, workspaceId: true, dueDate: true, status: true }).describe('the task it waits on'),
});

const Check = z.looseObject({ result: z.enum(['pass', 'fail', 'skip']), detail: z.string() });
const Report = ScheduledTask.pick({ id: true, title: true, workspaceId: true, state: true, cron: true, timezone: true }).extend({
  ok: z.boolean().describe('every check passed or was skipped'),
  checks: z.object({ cron: Check, state: Check.optional(), late: Check.optional(), lastRun: Check.optional() }),
});

/** The bridge's own tools, sharing one store of wholes for their cursors. */
export function compositeTools(): CompositeTool[] {
  const wholes = new Wholes();
  return [
    composite(wholes, {
      name: 'waiting_items',
      title: 'What waits for a decision',
      description:
        'Everything waiting for a person across tasks, in every workspace this connection can open (or one): actions an agent proposes, tasks for people and questions, grouped by kind, oldest first, each with its task. What `wts inbox` shows.',
      followUps: ['approve_pending_action', 'reject_pending_action', 'complete_human_task', 'answer_agent_question'],
      input: z
        .object({
          workspaceId: workspaceId('what waits in the tasks'),
          kind: z.enum(['action', 'human_task', 'question']).optional().describe('only this kind'),
          limit: limit(),
          cursor: cursor(),
        })
        .strict(),
      output: partOf(Waiting),
      async gather(args, ctx) {
        const { gatherWaiting } = await import('../inbox/gather.js');
        const waiting = await gatherWaiting(ctx, args.workspaceId !== undefined ? { workspaceId: args.workspaceId } : {});
        return {
          items: waiting.filter((w) => args.kind === undefined || w.action.kind === args.kind).map((w) => ({ ...w.action, task: w.task })),
        };
      },
    }),
    composite(wholes, {
      name: 'my_open_tasks',
      title: 'My open tasks',
      description:
        'The tasks assigned to the signed-in user that are not done, across every workspace this connection can open (or one), soonest due first (undated last).',
      input: z.object({ workspaceId: workspaceId('the tasks'), limit: limit(), cursor: cursor() }).strict(),
      output: partOf(Task),
      async gather(args, ctx) {
        const { myOpenTasks } = await import('./gather.js');
        return { items: await myOpenTasks(ctx, args.workspaceId) };
      },
    }),
    composite(wholes, {
      name: 'check_schedules',
      title: 'Check scheduled tasks',
      description:
        'Checks scheduled tasks as `wts schedule check` does: the cron is one the service runs, and when asked, the state, that no occurrence is late, that the latest finished run succeeded. ok is false when any check of any of them failed.',
      input: z
        .object({
          scheduledTaskIds: z.array(z.string().min(1).max(64)).max(100).optional().describe('these scheduled tasks (default: every one)'),
          workspaceId: workspaceId('the scheduled tasks'),
          require: z.enum(['active', 'paused']).optional().describe('fail unless the scheduled task is in this state'),
          maxLate: z
            .string()
            .min(1)
            .max(20)
            .optional()
            .describe('fail when an occurrence older than this (15m, 2h, 1d, 1h30m) has had no run started since'),
          lastRun: z
            .enum(['succeeded'])
            .optional()
            .describe('fail unless the latest finished run has this outcome (one that never ran passes)'),
          limit: limit(),
          cursor: cursor(),
        })
        .strict(),
      output: {
        ok: z.boolean().describe('every scheduled task passed every check'),
        failed: z.array(z.string()).describe('the ids of those that failed a check'),
        ...partOf(Report),
      },
      async gather(args, ctx) {
        const [{ parseDuration }, { checkScheduledTasks }] = await Promise.all([
          import('../schedules/duration.js'),
          import('../schedules/run-checks.js'),
        ]);
        if (args.scheduledTaskIds?.length && args.workspaceId !== undefined)
          throw new InputError('workspaceId', 'give scheduledTaskIds or workspaceId, not both');
        const maxLateMs = args.maxLate === undefined ? undefined : parseDuration(args.maxLate);
        if (args.maxLate !== undefined && maxLateMs === undefined)
          throw new InputError('maxLate', `must be a duration such as 15m, 2h, 1d or 1h30m, not "${args.maxLate}"`);
        const options = { require: args.require, maxLateMs, lastRun: args.lastRun, times: 'iso' as const };
        const reports = await checkScheduledTasks(
          await ctx.api(),
          { ids: args.scheduledTaskIds ?? [], ...(args.workspaceId !== undefined && { workspaceId: args.workspaceId }) },
          options,
          ctx.now(),
        );
        if (reports.length === 0)
          throw new CliError(
            `no scheduled tasks${args.workspaceId ? ` in ${args.workspaceId}` : ''}: nothing was checked`,
            ExitCode.notFound,
          );
        const failed = reports.filter((r) => !r.ok).map((r) => r.id);
        return { items: reports, summary: { ok: failed.length === 0, failed } };
      },
    }),
  ];
}
