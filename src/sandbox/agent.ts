// The simulated agent that keeps the sandbox alive: runs finish, the agent answers in the chat, approved
// actions are carried out, reminders and schedules fire. Everything follows the sandbox clock, so tests
// drive it with POST /__sandbox/clock instead of waiting, and the same inputs give the same records.
//
// tick() is a small discrete-event loop: it takes the earliest due item (a run finishing, a chat reply,
// a reminder, a schedule), handles it AT ITS DUE TIME (records are dated then, not "now"), and repeats
// until nothing is due. So after a jump of the clock, a reminder that fired an hour ago started a run an
// hour ago, and that run finished three seconds later, as it would have in real time.
import type { SandboxContext } from './context.js';
import type {
  AgentRec,
  ConversationRec,
  MessageRec,
  PendingActionRec,
  PendingKind,
  ReminderRec,
  RunRec,
  ScheduledTaskRec,
  TaskRec,
  User,
  WorkspaceRec,
} from './model.js';
import { dateInZone, nextCronOccurrence } from '../schedules/occurrences.js';
import { ServiceError } from './problem.js';
import { CREATION_ORDER, insertInOrder } from './api/paging.js';
import { agentAuthor, recordEvent, recordMessage, recordPendingAction } from './records.js';
import { messageOf, stackOf } from '../errors.js';

/** Sandbox time an agent run takes. */
export const RUN_SECONDS = 3;
/** Sandbox time before the agent answers a person in the task chat. */
export const REPLY_SECONDS = 2;
/** Real time between ticks, so runs finish while nobody touches the clock. */
const TICK_INTERVAL_MS = 250;
/** A run on a task whose title contains this word fails (for tests of failure paths). */
const FAIL_WORD = /\bfail\b/i;
/** What a run proposes, in turn, on one task: the first run an action, the next a task for a person, then a question. */
const KIND_CYCLE: readonly PendingKind[] = ['action', 'human_task', 'question'];
/** Guards against a runaway loop if some record stays due whatever tick() does. */
const MAX_STEPS_PER_TICK = 10_000;

/** What a run was started for, kept until it finishes (in memory: a restart forgets only the wording). */
interface RunPlan {
  prompt: string | null;
  /** Why the agent woke up again (an answer, a completed human task, a reminder). */
  context: string | null;
}

type DueItem =
  | { at: number; kind: 'run'; run: RunRec }
  | { at: number; kind: 'reply'; messageId: string }
  | { at: number; kind: 'reminder'; reminder: ReminderRec }
  | { at: number; kind: 'schedule'; scheduled: ScheduledTaskRec };

const DUE_ORDER: Record<DueItem['kind'], number> = { run: 0, reply: 1, reminder: 2, schedule: 3 };

export class AgentSimulator {
  private timer: NodeJS.Timeout | undefined;
  private subscribed = false;
  private ticking = false;
  private readonly plans = new Map<string, RunPlan>();
  /** Person messages awaiting the agent's answer: message id → when the answer is due (ms). */
  private readonly replies = new Map<string, number>();

  constructor(private readonly ctx: SandboxContext) {}

  /** Starts the ticker (reminders, schedules, runs finishing) and subscribes to clock advances. */
  start(): void {
    if (this.timer) return;
    this.recoverReplies();
    if (!this.subscribed) {
      this.subscribed = true;
      // The clock keeps its listeners; after stop() the listener does nothing.
      this.ctx.clock.onAdvance(() => {
        if (this.timer) this.tick();
      });
    }
    this.timer = setInterval(() => this.tick(), TICK_INTERVAL_MS);
    this.timer.unref();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Fires everything due at the sandbox clock's now: runs finishing, reminders, scheduled tasks. Never throws. */
  tick(): void {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = this.ctx.clock.now();
      for (let step = 0; step < MAX_STEPS_PER_TICK; step++) {
        const item = this.earliestDue(now);
        if (!item) break;
        try {
          this.handle(item, now);
        } catch (err) {
          this.ctx.log(`agent: ${item.kind} failed: ${stackOf(err)}`);
        }
      }
    } catch (err) {
      this.ctx.log(`agent: tick failed: ${stackOf(err)}`);
    } finally {
      this.ticking = false;
    }
  }

  /** submit_task and reminders: the agent starts working on a task. Returns the new run (state running). */
  startRun(taskId: string, opts: { scheduledTaskId?: string; prompt?: string } = {}): RunRec {
    const task = this.task(taskId);
    if (!task) throw new ServiceError('not_found', `no task ${taskId}`);
    return this.beginRun(
      task,
      { scheduledTaskId: opts.scheduledTaskId ?? null, prompt: opts.prompt ?? null, context: null },
      this.ctx.clock.now(),
    );
  }

  /** send_task_message: a person wrote; the agent will reply in the task chat. */
  onMessage(message: MessageRec): void {
    if (message.author.kind !== 'person') return;
    this.replies.set(message.id, Date.parse(message.createdAt) + REPLY_SECONDS * 1000);
  }

  /** After approve / reject / complete / answer changed the action's state. */
  onResolved(action: PendingActionRec): void {
    const task = this.task(action.taskId);
    if (!task) return;
    const agent = this.agentFor(task);
    if (!agent) return;
    const nowMs = this.ctx.clock.now();
    const at = iso(nowMs);
    const who = this.userName(action.resolvedBy);
    switch (action.state) {
      case 'approved':
        if (action.kind === 'action') this.execute(action, task, agent, at);
        break;
      case 'rejected': {
        const reason = action.resolution?.reason;
        this.say(
          task,
          agent,
          `Understood, ${who}: I won't go ahead with "${action.summary}".${reason ? ` Noted your reason: "${clip(reason, 200)}".` : ''} Tell me here if you want me to try something else.`,
          at,
        );
        break;
      }
      case 'completed':
        if (this.canWork(task, agent)) {
          const note = action.resolution?.note;
          this.beginRun(
            task,
            {
              scheduledTaskId: null,
              prompt: null,
              context: `${who} completed "${action.summary}"${note ? ` and noted: "${clip(note, 300)}"` : ''}.`,
            },
            nowMs,
          );
        }
        break;
      case 'answered':
        if (this.canWork(task, agent)) {
          const question = typeof action.draft.question === 'string' ? action.draft.question : action.summary;
          const answer = action.resolution?.answer ?? '';
          this.beginRun(
            task,
            { scheduledTaskId: null, prompt: null, context: `${who} answered "${clip(question, 200)}" with "${clip(answer, 300)}".` },
            nowMs,
          );
        }
        break;
      default:
        break;
    }
    this.ctx.store.changed();
  }

  /** The next time this schedule fires after `afterMs`, in its organization's timezone; null when paused. */
  nextRunAt(scheduled: ScheduledTaskRec, afterMs: number): string | null {
    if (scheduled.state === 'paused') return null;
    try {
      return nextCronOccurrence(scheduled.cron, this.timezoneOf(scheduled), afterMs);
    } catch (err) {
      throw new ServiceError('invalid_request', `cron: ${messageOf(err)}`);
    }
  }

  /** run_scheduled_task_now and the schedule ticker: a task for this run plus the run itself. */
  runScheduled(scheduled: ScheduledTaskRec): RunRec {
    return this.runScheduledAt(scheduled, this.ctx.clock.now());
  }

  // ---- The event loop ------------------------------------------------------------------------------

  private earliestDue(now: number): DueItem | undefined {
    const d = this.ctx.store.state.data;
    let best: DueItem | undefined;
    const consider = (item: DueItem) => {
      if (item.at > now || Number.isNaN(item.at)) return;
      if (!best || item.at < best.at || (item.at === best.at && DUE_ORDER[item.kind] < DUE_ORDER[best.kind])) best = item;
    };
    for (const run of d.runs) {
      if (run.state === 'running') consider({ at: Date.parse(run.startedAt) + RUN_SECONDS * 1000, kind: 'run', run });
    }
    for (const [messageId, at] of this.replies) consider({ at, kind: 'reply', messageId });
    for (const reminder of d.reminders) {
      if (reminder.state === 'scheduled') consider({ at: Date.parse(reminder.remindAt), kind: 'reminder', reminder });
    }
    for (const scheduled of d.scheduledTasks) {
      if (scheduled.state !== 'active' || scheduled.nextRunAt === null) continue;
      if (!this.scheduleCanRun(scheduled)) continue;
      consider({ at: Date.parse(scheduled.nextRunAt), kind: 'schedule', scheduled });
    }
    return best;
  }

  /** Handles one due item; each first makes the item no longer due, so a failure cannot repeat forever. */
  private handle(item: DueItem, now: number): void {
    switch (item.kind) {
      case 'run':
        this.finishRun(item.run, item.at);
        break;
      case 'reply':
        this.replies.delete(item.messageId);
        this.reply(item.messageId, item.at);
        break;
      case 'reminder':
        this.fireReminder(item.reminder, item.at);
        break;
      case 'schedule': {
        const scheduled = item.scheduled;
        // Missed occurrences (the clock jumped) collapse into this one run; the next is after now.
        try {
          scheduled.nextRunAt = this.nextRunAt(scheduled, now);
        } catch (err) {
          scheduled.nextRunAt = null;
          throw err;
        } finally {
          this.ctx.store.changed();
        }
        this.runScheduledAt(scheduled, item.at);
        break;
      }
    }
  }

  /** After a restart: person messages the agent has not answered yet (no agent message after them). */
  private recoverReplies(): void {
    // Messages are appended in order, so walk backwards: person messages after a task's last agent message wait.
    const agentSpoke = new Set<string>();
    const messages = this.ctx.store.state.data.messages;
    for (const m of messages.toReversed()) {
      if (m.author.kind === 'agent') agentSpoke.add(m.taskId);
      else if (!agentSpoke.has(m.taskId)) this.onMessage(m);
    }
  }

  // ---- Runs ----------------------------------------------------------------------------------------

  private beginRun(task: TaskRec, plan: RunPlan & { scheduledTaskId: string | null }, atMs: number): RunRec {
    const agent = this.agentFor(task);
    if (!agent) throw new ServiceError('conflict', `task ${task.id} has no agent to work on it`);
    if (agent.paused)
      throw new ServiceError('conflict', `${agent.name} is paused because its workspace is archived; it cannot start on ${task.id}`);
    const at = iso(atMs);
    const run: RunRec = {
      id: this.ctx.store.nextId('run'),
      taskId: task.id,
      agentId: agent.id,
      scheduledTaskId: plan.scheduledTaskId,
      state: 'running',
      output: `Working on "${task.title}"…`,
      proposedActionIds: [],
      startedAt: at,
      finishedAt: null,
    };
    this.ctx.store.state.data.runs.push(run);
    this.plans.set(run.id, { prompt: plan.prompt, context: plan.context });
    const why = plan.scheduledTaskId ? ' (scheduled run)' : plan.context ? ' again' : '';
    recordEvent(this.ctx, task.id, 'run.started', `${agent.name} started working on the task${why}`, agentAuthor(this.ctx, agent.id), at);
    this.ctx.store.changed();
    return run;
  }

  private finishRun(run: RunRec, atMs: number): void {
    const at = iso(atMs);
    const plan = this.plans.get(run.id) ?? { prompt: this.scheduledPrompt(run), context: null };
    this.plans.delete(run.id);
    // Settled first, so that a run this code fails on cannot stay due forever.
    run.state = 'failed';
    run.output = 'The run stopped unexpectedly.';
    run.finishedAt = at;
    const task = this.task(run.taskId);
    if (!task) {
      run.output = 'The task was deleted while the agent was working on it.';
      this.ctx.store.changed();
      return;
    }
    const agent = this.agentFor(task) ?? this.ctx.store.state.data.agents.find((a) => a.id === run.agentId);
    const author = agentAuthor(this.ctx, run.agentId);
    if (agent?.paused) {
      run.output = `${agent.name} was paused (its workspace was archived) before it could finish "${task.title}". Nothing was proposed.`;
      recordEvent(this.ctx, task.id, 'run.finished', 'Run failed: the agent was paused', author, at);
      this.ctx.store.changed();
      return;
    }
    if (FAIL_WORD.test(task.title)) {
      run.output = [
        `Could not finish "${task.title}".`,
        'The step this task depends on failed, so I stopped before proposing anything.',
        '(Sandbox: every run on a task whose title contains the word "fail" fails.)',
      ].join('\n');
      recordEvent(this.ctx, task.id, 'run.finished', 'Run failed: a step it depends on failed', author, at);
      this.say(task, agent, `I couldn't finish this one: a step it depends on failed. The details are in run ${run.id}.`, at);
      this.ctx.store.changed();
      return;
    }

    const kind = this.nextKind(task, run);
    const proposal = this.propose(kind, task, run, plan);
    const action = recordPendingAction(
      this.ctx,
      { taskId: task.id, runId: run.id, kind, summary: proposal.summary, draft: proposal.draft },
      at,
    );
    run.state = 'succeeded';
    run.proposedActionIds = [action.id];
    run.output = this.composeOutput(task, run, plan, proposal.nextStep);
    recordEvent(this.ctx, task.id, 'run.finished', `Run succeeded and proposed: ${proposal.summary}`, author, at);
    const statuses = this.workspace(task.workspaceId)?.statuses ?? [];
    const todo = statuses.find((s) => s.key === 'todo');
    const inProgress = statuses.find((s) => s.key === 'in_progress');
    if (task.status === 'todo' && todo && inProgress) {
      task.status = inProgress.key;
      task.updatedAt = at;
      recordEvent(this.ctx, task.id, 'status.changed', `Status changed from ${todo.name} to ${inProgress.name}`, author, at);
    }
    this.say(task, agent, proposal.chat, at);
    this.ctx.store.changed();
  }

  /** Cycles per task through the kinds, counting earlier runs that proposed something. */
  private nextKind(task: TaskRec, run: RunRec): PendingKind {
    let earlier = 0;
    for (const r of this.ctx.store.state.data.runs) {
      if (r.taskId === task.id && r.id !== run.id && r.state === 'succeeded' && r.proposedActionIds.length > 0) earlier++;
    }
    return KIND_CYCLE[earlier % KIND_CYCLE.length] ?? 'action';
  }

  private propose(
    kind: PendingKind,
    task: TaskRec,
    run: RunRec,
    plan: RunPlan,
  ): { summary: string; draft: Record<string, unknown>; nextStep: string; chat: string } {
    const conversation = this.conversation(task);
    const customer = conversation ? externalParticipant(conversation) : undefined;
    const customerName = customer?.name ?? 'the customer';
    if (kind === 'human_task') {
      const instructions = customer
        ? `Call ${customer.name} back about "${task.title}". Confirm what they need, promise nothing the handbook does not allow, and add a note to the task with what you agreed.`
        : `Check "${task.title}" by hand: look at the details the agent cannot reach, then add a note to the task with what you found.`;
      const summary = customer ? `Call ${customer.name} back` : `Check "${clip(task.title, 60)}" by hand`;
      return {
        summary,
        draft: { instructions },
        nextStep: `This needs a person: ${instructions}`,
        chat: `I've gone as far as I can on my own. Could someone ${customer ? `call ${customer.name} back` : 'check this by hand'}? I added it under pending actions; mark it done and I'll pick the task up again.`,
      };
    }
    if (kind === 'question') {
      const question = `How should I proceed with "${clip(task.title, 120)}"?`;
      const options = task.tags.includes('billing')
        ? ['Issue a credit note', 'Refund to the original payment method', 'Explain the charge and change nothing']
        : task.tags.includes('bug')
          ? ['Escalate to engineering', 'Send the known workaround', 'Wait for the next release']
          : ['Reply with the standard answer', 'Escalate to a specialist', 'Wait for more information'];
      return {
        summary: `Question: ${clip(question, 150)}`,
        draft: { question, options },
        nextStep: `I need a decision before I go further: ${question} (${options.join(' / ')})`,
        chat: `I have a question before I continue: ${question} The options are under pending actions.`,
      };
    }
    // An action with a full draft: an email reply on an email thread, otherwise a chat post.
    if (conversation?.channel === 'email' && customer?.address) {
      const subject = conversation.subject.startsWith('Re: ') ? conversation.subject : `Re: ${conversation.subject}`;
      const body = [
        `Hi ${firstName(customerName)},`,
        '',
        `Thank you for your message about ${lowerFirst(conversation.subject)}. ${replyLine(task)}`,
        '',
        'If anything is still unclear, just reply to this email and we will pick it up right away.',
        '',
        'Best regards,',
        `${this.workspace(task.workspaceId)?.name ?? 'Support'} team, ${this.organizationName(task)}`,
      ].join('\n');
      return {
        summary: `Send an email reply to ${customer.name}`,
        draft: { to: customer.address, subject, body },
        nextStep: `Drafted a reply to ${customer.address} with the subject "${subject}"; it waits for approval before it is sent.`,
        chat: `I drafted a reply to ${customer.name} ("${subject}"). It is waiting for your approval under pending actions.`,
      };
    }
    const channel = conversation?.channel === 'chat' ? chatChannel(conversation) : this.teamChannel(task);
    const text = run.scheduledTaskId
      ? `${clip(task.title, 150)}\n${this.workspaceSnapshot(task.workspaceId)}`
      : `Update on "${clip(task.title, 150)}": ${replyLine(task)}${plan.context ? ` (${clip(plan.context, 200)})` : ''}`;
    return {
      summary: `Post an update in ${channel}`,
      draft: { channel, text },
      nextStep: `Drafted a post for ${channel}; it waits for approval before it is posted.`,
      chat: `I drafted an update for ${channel}. It is waiting for your approval under pending actions.`,
    };
  }

  private composeOutput(task: TaskRec, run: RunRec, plan: RunPlan, nextStep: string): string {
    const d = this.ctx.store.state.data;
    const lines = [`Worked on "${task.title}".`];
    if (plan.context) lines.push(plan.context);
    if (plan.prompt) lines.push(`Instructions: ${clip(plan.prompt, 300)}`);
    else if (task.description) lines.push(`Task: ${clip(task.description, 300)}`);
    const conversation = this.conversation(task);
    if (conversation) {
      const last = conversation.messages.at(-1);
      lines.push(
        `Read the ${conversation.channel} thread "${conversation.subject}" (${conversation.messages.length} messages${last ? `, the last from ${last.author.name}` : ''}).`,
      );
    }
    if (task.notes.length > 0) lines.push(`Took ${task.notes.length} note${task.notes.length === 1 ? '' : 's'} into account.`);
    const orgId = this.workspace(task.workspaceId)?.orgId;
    const handbook = d.sections.filter((s) => s.agentId === run.agentId || (s.agentId === null && s.orgId === orgId)).length;
    const knowledge = d.knowledge.filter((k) => k.orgId === orgId).length;
    lines.push(
      `Followed ${handbook} handbook entr${handbook === 1 ? 'y' : 'ies'} and had ${knowledge} knowledge source${knowledge === 1 ? '' : 's'} at hand.`,
    );
    if (run.scheduledTaskId) lines.push(this.workspaceSnapshot(task.workspaceId));
    lines.push(nextStep);
    return lines.join('\n');
  }

  // ---- Chat, actions, reminders, schedules ---------------------------------------------------------

  private reply(messageId: string, atMs: number): void {
    const message = this.ctx.store.state.data.messages.find((m) => m.id === messageId);
    const task = message && this.task(message.taskId);
    if (!message || !task) return;
    const agent = this.agentFor(task);
    if (!agent || !this.canWork(task, agent)) return;
    const quote = clip(message.content.replace(/\s+/g, ' ').trim(), 80);
    const name = firstName(message.author.name);
    let answer: string;
    if (/\b(thanks|thank you)\b/i.test(message.content)) answer = "You're welcome. I'll keep an eye on this task.";
    else if (/\b(status|update|progress)\b/i.test(message.content))
      answer = `The task is in "${task.status}" with ${this.pendingCount(task)} pending action(s) waiting for a decision.`;
    else if (message.content.includes('?'))
      answer = `Here is what I know: "${clip(task.title, 100)}" is in "${task.status}". I'll look into the rest on my next run.`;
    else answer = "Noted. I'll take it into account on my next run.";
    this.say(task, agent, `${name}, about "${quote}": ${answer}`, iso(atMs));
  }

  /** An approved action is carried out: an email is sent, a chat post is posted. */
  private execute(action: PendingActionRec, task: TaskRec, agent: AgentRec, at: string): void {
    const draft = action.draft;
    const author = agentAuthor(this.ctx, agent.id);
    let summary: string;
    if (typeof draft.to === 'string') {
      const subject = typeof draft.subject === 'string' ? draft.subject : '(no subject)';
      summary = `Sent email to ${draft.to}: ${subject}`;
      const conversation = this.conversation(task);
      if (conversation?.channel === 'email') {
        conversation.messages.push({
          id: this.ctx.store.nextId('cmsg'),
          author,
          content: typeof draft.body === 'string' ? draft.body : '',
          createdAt: at,
        });
      }
    } else if (typeof draft.channel === 'string') {
      const text = typeof draft.text === 'string' ? draft.text : '';
      summary = `Posted in ${draft.channel}: ${clip(text.split('\n')[0] ?? '', 100)}`;
      const conversation = this.conversation(task);
      if (conversation?.channel === 'chat' && chatChannel(conversation) === draft.channel) {
        conversation.messages.push({ id: this.ctx.store.nextId('cmsg'), author, content: text, createdAt: at });
      }
    } else {
      summary = `Carried out: ${action.summary}`;
    }
    recordEvent(this.ctx, task.id, 'action.executed', summary, author, at);
    this.say(task, agent, `Done: ${summary}.`, at);
  }

  private fireReminder(reminder: ReminderRec, atMs: number): void {
    reminder.state = 'fired';
    this.ctx.store.changed();
    const task = this.task(reminder.taskId);
    if (!task) return;
    const agent = this.agentFor(task);
    const at = iso(atMs);
    recordEvent(
      this.ctx,
      task.id,
      'reminder.fired',
      `Reminder: ${reminder.message}`,
      agent ? agentAuthor(this.ctx, agent.id) : { kind: 'agent', id: 'system', name: 'Reminder' },
      at,
    );
    if (agent && this.canWork(task, agent)) {
      this.beginRun(task, { scheduledTaskId: null, prompt: null, context: `Woken by a reminder: "${clip(reminder.message, 300)}".` }, atMs);
    }
  }

  private runScheduledAt(scheduled: ScheduledTaskRec, atMs: number): RunRec {
    const d = this.ctx.store.state.data;
    const workspace = this.workspace(scheduled.workspaceId);
    if (!workspace) throw new ServiceError('not_found', `no workspace ${scheduled.workspaceId}`);
    if (workspace.archived) throw new ServiceError('conflict', `workspace ${workspace.id} is archived, so its scheduled tasks do not run`);
    const agent = d.agents.find((a) => a.id === scheduled.agentId);
    if (!agent) throw new ServiceError('not_found', `no agent ${scheduled.agentId}`);
    if (agent.paused) throw new ServiceError('conflict', `${agent.name} is paused; it cannot run ${scheduled.id}`);
    const at = iso(atMs);
    const task: TaskRec = {
      id: this.ctx.store.nextId('task'),
      workspaceId: workspace.id,
      agentId: agent.id,
      title: `${clip(scheduled.title, 185)} — ${dateInZone(atMs, this.timezoneOf(scheduled))}`,
      description: scheduled.prompt,
      status: 'todo',
      assigneeIds: [],
      tags: [],
      dueDate: null,
      notes: [],
      conversationKey: null,
      createdAt: at,
      updatedAt: at,
    };
    insertInOrder(d.tasks, task, CREATION_ORDER);
    recordEvent(
      this.ctx,
      task.id,
      'task.created',
      `Created by the scheduled task "${clip(scheduled.title, 100)}"`,
      agentAuthor(this.ctx, agent.id),
      at,
    );
    const run = this.beginRun(task, { scheduledTaskId: scheduled.id, prompt: scheduled.prompt, context: null }, atMs);
    scheduled.lastRunId = run.id;
    this.ctx.store.changed();
    return run;
  }

  // ---- Lookups and small helpers -------------------------------------------------------------------

  private task(taskId: string): TaskRec | undefined {
    return this.ctx.store.state.data.tasks.find((t) => t.id === taskId);
  }

  private workspace(workspaceId: string): WorkspaceRec | undefined {
    return this.ctx.store.state.data.workspaces.find((w) => w.id === workspaceId);
  }

  /** The task's own agent, or else its workspace's. */
  private agentFor(task: TaskRec): AgentRec | undefined {
    const agents = this.ctx.store.state.data.agents;
    return (task.agentId ? agents.find((a) => a.id === task.agentId) : undefined) ?? agents.find((a) => a.workspaceId === task.workspaceId);
  }

  private canWork(task: TaskRec, agent: AgentRec): boolean {
    return !agent.paused && !this.workspace(task.workspaceId)?.archived;
  }

  private scheduleCanRun(scheduled: ScheduledTaskRec): boolean {
    const workspace = this.workspace(scheduled.workspaceId);
    const agent = this.ctx.store.state.data.agents.find((a) => a.id === scheduled.agentId);
    return !!workspace && !workspace.archived && !!agent && !agent.paused;
  }

  private timezoneOf(scheduled: ScheduledTaskRec): string {
    const d = this.ctx.store.state.data;
    const orgId = scheduled.orgId || this.workspace(scheduled.workspaceId)?.orgId;
    return d.organizations.find((o) => o.id === orgId)?.timezone ?? 'UTC';
  }

  private organizationName(task: TaskRec): string {
    const orgId = this.workspace(task.workspaceId)?.orgId;
    return this.ctx.store.state.data.organizations.find((o) => o.id === orgId)?.name ?? '';
  }

  private conversation(task: TaskRec): ConversationRec | undefined {
    if (!task.conversationKey) return undefined;
    return this.ctx.store.state.data.conversations.find((c) => c.key === task.conversationKey);
  }

  private scheduledPrompt(run: RunRec): string | null {
    if (!run.scheduledTaskId) return null;
    return this.ctx.store.state.data.scheduledTasks.find((s) => s.id === run.scheduledTaskId)?.prompt ?? null;
  }

  private userName(userId: string | null): string {
    const user: User | undefined = this.ctx.store.state.data.users.find((u) => u.id === userId);
    return user ? firstName(user.name) : 'someone';
  }

  private pendingCount(task: TaskRec): number {
    return this.ctx.store.state.data.pendingActions.filter((a) => a.taskId === task.id && a.state === 'pending').length;
  }

  /** `#support` for "Customer Support": the team channel posts go to when a task has no chat thread. */
  private teamChannel(task: TaskRec): string {
    const name = this.workspace(task.workspaceId)?.name ?? 'team';
    const words = name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    return `#${words.at(-1) ?? 'team'}`;
  }

  /** Counts by column and overdue tasks: what a scheduled report posts. */
  private workspaceSnapshot(workspaceId: string): string {
    const workspace = this.workspace(workspaceId);
    const tasks = this.ctx.store.state.data.tasks.filter((t) => t.workspaceId === workspaceId);
    const now = this.ctx.clock.now();
    const columns = (workspace?.statuses ?? []).map((s) => `${tasks.filter((t) => t.status === s.key).length} ${s.name.toLowerCase()}`);
    const overdue = tasks.filter((t) => t.status !== 'done' && t.dueDate !== null && Date.parse(t.dueDate) < now).length;
    return `Board of ${workspace?.name ?? workspaceId}: ${columns.join(', ')}; ${overdue} overdue.`;
  }

  private say(task: TaskRec, agent: AgentRec | undefined, content: string, at: string): void {
    const agentId = agent?.id ?? task.agentId;
    if (!agentId) return;
    const author = agentAuthor(this.ctx, agentId);
    recordMessage(this.ctx, task.id, author, content, at);
    recordEvent(this.ctx, task.id, 'message.sent', `${author.name} wrote in the chat`, author, at);
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function firstName(name: string): string {
  return name.split(/\s+/)[0] || name;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** The customer on a thread: the first author who is a person outside the company (their id is an address). */
function externalParticipant(conversation: ConversationRec): { name: string; address: string | null } | undefined {
  const person = conversation.messages.find((m) => m.author.kind === 'person' && !m.author.id.startsWith('usr_'));
  if (!person) return undefined;
  return { name: person.author.name, address: person.author.id.includes('@') ? person.author.id : null };
}

/** A chat thread's key is `chat:#channel:thread`. */
function chatChannel(conversation: ConversationRec): string {
  const channel = conversation.key.split(':')[1];
  return channel?.startsWith('#') ? channel : '#general';
}

/** One line of substance for a reply, from the task's tags. */
function replyLine(task: TaskRec): string {
  if (task.tags.includes('billing'))
    return 'I have checked the account and its invoices, and any correction will show on your next invoice.';
  if (task.tags.includes('bug'))
    return 'Our team has reproduced the problem and is working on a fix; we will let you know as soon as it is released.';
  if (task.tags.includes('onboarding'))
    return 'Your workspace is ready, and the getting-started guide in the help center walks your team through the first steps.';
  if (task.tags.includes('security'))
    return 'We take this seriously, have reviewed the account activity and found nothing further to act on.';
  return 'I have looked into it, and we will keep you posted on every step from here.';
}
