// Waiting for what an agent does: `task create --wait`, `task message --wait`, `schedule run --wait` and
// `run watch RUN`. Each is a small state machine driven by the one polling loop (poll.ts): every step
// goes as far as it can — submit, find the run, follow it, read what it proposed — and keeps what it
// learnt, so a failed request is retried from where it stopped and nothing is ever sent twice.
// Exit 0 when the run succeeded, 8 when it failed, 1 at --timeout, 130 on Ctrl-C (the run goes on).
import type { ApiClient } from '../api/client.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { ApiError, CliError, ExitCode } from '../errors.js';
import { formatDuration } from '../schedules/duration.js';
import { printOutcome, type Outcome } from './wait-result.js';
import {
  isTransient,
  poll,
  RetryPastDeadline,
  transientReason,
  WaitTimeout,
  type PollClock,
  type PollContext,
  type StepResult,
} from './poll.js';
import { interruptSignal } from './interrupt.js';
import { startSpinner, type Spinner } from './spinner.js';
import { ListingTail } from './tail.js';

type Task = Resource<'Task'>;
type Run = Resource<'Run'>;
type Message = Resource<'Message'>;
type Event = Resource<'Event'>;
type PendingAction = Resource<'PendingAction'>;

export interface WaitOptions {
  timeoutMs: number;
  /** Tests pass a fake clock; the loop measures time with it. */
  clock?: PollClock;
}

const finished = (run: Run) => run.state !== 'running' || run.finishedAt !== null;
const PAGE = 50;
const RUNS_PAGE = 5;

/** What a wait is doing now: for the spinner, and for the line a timeout or Ctrl-C ends with. */
interface Phase {
  /** For the spinner: "run run_1 on task_2". */
  doing: string;
  /** For the last line: "waiting for run run_1 (task task_2) to finish". */
  waitingFor: string;
  /** How to pick the wait up again, e.g. "wts run watch run_1". */
  resume?: string;
}

/** One wait: its context, spinner, phase and deadline. The state machines below drive it. */
class Waiter {
  private spinner: Spinner | undefined;
  private phase: Phase = { doing: '', waitingFor: 'waiting' };
  private latestEvent = '';
  private detail = '';
  /** Why the last step failed, shown until a step succeeds. */
  private retrying = '';
  private events: ListingTail<Event> | undefined;
  private eventsTask: string | undefined;

  constructor(
    readonly ctx: CommandContext,
    readonly api: ApiClient,
    private readonly options: WaitOptions,
  ) {}

  /** Runs `step` under the polling loop with a spinner; the outcome is printed and decides the exit code. */
  async run(step: (loop: PollContext) => Promise<StepResult<Outcome>>, retryable: (err: unknown) => boolean = isTransient): Promise<void> {
    const interrupt = interruptSignal();
    let outcome: Outcome | undefined;
    try {
      outcome = await poll(
        async (loop) => {
          this.spinner ??= startSpinner(this.ctx.io, () => loop.elapsedMs(), this.ctx.accessible());
          const result = await step(loop);
          if (this.retrying) {
            this.retrying = '';
            this.show();
          }
          return result;
        },
        {
          timeoutMs: this.options.timeoutMs,
          signal: interrupt.signal,
          clock: this.options.clock,
          retryable,
          onRetry: (why, ms) => {
            this.ctx.debug(`* ${why}; asking again in ${ms} ms`);
            this.retrying = `${why}; asking again in ${Math.ceil(ms / 1000)} s`;
            this.show();
          },
        },
      );
    } catch (err) {
      if (err instanceof RetryPastDeadline) {
        throw new CliError(
          `${transientReason(err.error)} ${this.phase.waitingFor}: the service asks to wait ${formatDuration(err.retryAfterSeconds * 1000)}, past --timeout ${formatDuration(this.options.timeoutMs)}${this.phase.resume ? `; to wait again later: ${this.phase.resume}` : ''}`,
          ExitCode.rateLimited,
        );
      }
      if (err instanceof WaitTimeout) {
        throw new CliError(
          `timed out after ${formatDuration(this.options.timeoutMs)} ${this.phase.waitingFor}${this.phase.resume ? `; to wait again: ${this.phase.resume}` : ''}`,
          ExitCode.failure,
        );
      }
      throw err;
    } finally {
      this.spinner?.stop();
      interrupt.dispose();
    }
    if (outcome === undefined) {
      throw new CliError(
        `stopped ${this.phase.waitingFor}${this.phase.resume ? `; to wait again: ${this.phase.resume}` : ''}`,
        ExitCode.interrupted,
      );
    }
    printOutcome(this.ctx, outcome);
    if (outcome.run && outcome.run.state !== 'succeeded') {
      throw new CliError(
        `run ${outcome.run.id} ${outcome.run.state === 'failed' ? 'failed' : `ended ${outcome.run.state}`}`,
        ExitCode.checkFailed,
      );
    }
  }

  /** Sets what the wait is doing. */
  enter(phase: Phase): void {
    this.phase = phase;
    this.detail = '';
    this.show();
  }

  /** Redraws the spinner: the phase, then a detail (a run's state, a retry), then the task's latest event. */
  show(detail = this.detail): void {
    this.detail = detail;
    const parts = [this.phase.doing, detail, this.retrying || this.latestEvent].filter(Boolean);
    this.spinner?.set(parts.join(' · '));
  }

  /** On a terminal: the task's latest activity, for the spinner (one request a call after the first). */
  async readLatestEvent(taskId: string, loop: PollContext): Promise<void> {
    if (!this.ctx.io.isStderrTTY) return;
    if (this.eventsTask !== taskId || !this.events) {
      this.eventsTask = taskId;
      this.events = eventsTail(this.api, taskId, loop);
    }
    const events = this.events;
    try {
      const last = (await events.next()).at(-1);
      if (last) this.latestEvent = last.summary;
    } catch (err) {
      // Only the spinner's text: not worth failing, or repeating, the step for.
      if (!isTransient(err)) throw err;
    }
  }

  /** The run as it is now. */
  getRun(runId: string, loop: PollContext): Promise<Run> {
    return this.api.call('get_run', { path: { runId } }, loop.call());
  }

  /** The actions a finished run proposed, in its order. */
  async proposed(run: Run, have: Map<string, PendingAction>, loop: PollContext): Promise<PendingAction[]> {
    const actions: PendingAction[] = [];
    for (const actionId of run.proposedActionIds) {
      const action = have.get(actionId) ?? (await this.api.call('get_pending_action', { path: { actionId } }, loop.call()));
      have.set(actionId, action);
      actions.push(action);
    }
    return actions;
  }
}

function eventsTail(api: ApiClient, taskId: string, loop: PollContext): ListingTail<Event> {
  return new ListingTail<Event>(
    async (cursor) =>
      await api.call('list_task_events', { path: { taskId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } }, loop.call()),
    { operation: 'list_task_events', limit: PAGE },
  );
}

function chatTail(api: ApiClient, taskId: string, loop: PollContext): ListingTail<Message> {
  return new ListingTail<Message>(
    async (cursor) =>
      await api.call('list_task_messages', { path: { taskId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } }, loop.call()),
    { operation: 'list_task_messages', limit: PAGE },
  );
}

/** A request that changes something is repeated only after a 429, which the service refused before doing anything. */
const onlyRateLimited = (err: unknown) => err instanceof ApiError && err.status === 429;

/**
 * Follows one run to its end: returns the run and what it proposed once it finished, or undefined while
 * it runs (and whether it changed). Shared by every wait that reaches a run.
 */
function runFollower(w: Waiter, what: (run: Run) => Phase) {
  const actions = new Map<string, PendingAction>();
  let last: Run | undefined;
  return async (runId: string, loop: PollContext, known?: Run): Promise<{ run: Run; actions: PendingAction[] } | { changed: boolean }> => {
    // A finished run is not read again while what it proposed is being read.
    const run = last && finished(last) ? last : (known ?? (await w.getRun(runId, loop)));
    const changed =
      !last || last.state !== run.state || last.output !== run.output || last.proposedActionIds.length !== run.proposedActionIds.length;
    last = run;
    if (changed) {
      w.enter(what(run));
      w.show(run.state);
      await w.readLatestEvent(run.taskId, loop);
      w.show(run.state);
    }
    if (!finished(run)) return { changed };
    return { run, actions: await w.proposed(run, actions, loop) };
  };
}

const runPhase = (run: Run): Phase => ({
  doing: `run ${run.id} on ${run.taskId}`,
  waitingFor: `waiting for run ${run.id} (task ${run.taskId}) to finish`,
  resume: `wts run watch ${run.id}`,
});

/** `wts run watch RUN`. */
export async function watchRun(ctx: CommandContext, runId: string, options: WaitOptions): Promise<void> {
  const w = new Waiter(ctx, await ctx.api(), options);
  const follow = runFollower(w, runPhase);
  w.enter({ doing: `run ${runId}`, waitingFor: `waiting for run ${runId} to finish`, resume: `wts run watch ${runId}` });
  await w.run(async (loop) => {
    const r = await follow(runId, loop);
    return 'run' in r ? { done: true, value: { run: r.run, actions: r.actions, replies: [] } } : { done: false, changed: r.changed };
  });
}

/** `wts schedule run ID --wait`: start the run (a 429 is retried until the deadline), then follow it. */
export async function runScheduledAndWait(ctx: CommandContext, scheduledTaskId: string, options: WaitOptions): Promise<void> {
  const w = new Waiter(ctx, await ctx.api(), options);
  const follow = runFollower(w, runPhase);
  let started: Run | undefined;
  let fresh: Run | undefined;
  w.enter({ doing: `starting ${scheduledTaskId}`, waitingFor: `waiting to start ${scheduledTaskId}` });
  await w.run(
    async (loop) => {
      if (!started) {
        started = fresh = await w.api.call('run_scheduled_task_now', { path: { scheduledTaskId }, body: {} });
      }
      const r = await follow(started.id, loop, fresh);
      fresh = undefined;
      return 'run' in r ? { done: true, value: { run: r.run, actions: r.actions, replies: [] } } : { done: false, changed: r.changed };
    },
    (err) => (started ? isTransient(err) : onlyRateLimited(err)),
  );
}

/** `wts task create --wait`: submit the task, find the run the agent started on it, follow that run. */
export async function submitAndWait(
  ctx: CommandContext,
  agentId: string,
  body: { title: string; description?: string; dueDate?: string },
  options: WaitOptions,
): Promise<void> {
  const w = new Waiter(ctx, await ctx.api(), options);
  const follow = runFollower(w, runPhase);
  let task: Task | undefined;
  let run: Run | undefined;
  let fresh: Run | undefined;
  w.enter({ doing: 'submitting the task', waitingFor: 'waiting to submit the task' });
  await w.run(
    async (loop) => {
      if (!task) {
        task = await w.api.call('submit_task', { path: { agentId }, body });
        w.enter({
          doing: `${task.id}: waiting for ${agentId} to start`,
          waitingFor: `waiting for ${agentId} to start on task ${task.id}`,
          resume: `wts task runs ${task.id}`,
        });
      }
      if (!run) {
        const page = await w.api.call('list_task_runs', { path: { taskId: task.id }, query: { limit: RUNS_PAGE } }, loop.call());
        run = fresh = latest(page.items);
        if (!run) return { done: false, changed: false };
      }
      const r = await follow(run.id, loop, fresh);
      fresh = undefined;
      return 'run' in r
        ? { done: true, value: { task, run: r.run, actions: r.actions, replies: [] } }
        : { done: false, changed: r.changed };
    },
    (err) => (task ? isTransient(err) : onlyRateLimited(err)),
  );
}

/**
 * `wts task message --wait`: send the message, then wait for the agent's reply or for the run it starts.
 * While nothing happens, one request per interval: the task's activity log, which gains an entry for any
 * reply or run; only then are the chat and the runs read.
 */
export async function sendAndWait(ctx: CommandContext, taskId: string, content: string, options: WaitOptions): Promise<void> {
  const w = new Waiter(ctx, await ctx.api(), options);
  const follow = runFollower(w, (run) => ({
    ...runPhase(run),
    waitingFor: `waiting for run ${run.id} (task ${taskId}), started after the message, to finish`,
  }));
  let events: ListingTail<Event> | undefined;
  let chat: ListingTail<Message> | undefined;
  let positioned = false;
  /** New activity seen, and the chat and the runs not read since; `chatRead`: the chat was. */
  let unchecked = false;
  let chatRead = false;
  let message: Message | undefined;
  let run: Run | undefined;
  let fresh: Run | undefined;
  const replies: Message[] = [];
  const listening: Phase = {
    doing: `${taskId}: waiting for the agent's reply`,
    waitingFor: `waiting for the agent's reply on task ${taskId}`,
    resume: `wts task chat ${taskId} --follow`,
  };
  const collectReplies = async (from: ListingTail<Message>) => {
    for (const m of await from.next()) if (m.author.kind === 'agent') replies.push(m);
  };
  w.enter({ doing: `sending to ${taskId}`, waitingFor: `waiting to send the message to ${taskId}` });
  await w.run(
    async (loop) => {
      // Where the activity log and the chat end before the message, so what comes after is its answer.
      // Each read keeps its progress, so a failed request is retried alone, not with the ones before it.
      if (!events) {
        const tail = eventsTail(w.api, taskId, loop);
        await tail.next();
        events = tail;
      }
      if (!chat) {
        const tail = chatTail(w.api, taskId, loop);
        await tail.next();
        chat = tail;
        positioned = true;
      }
      if (!message) {
        message = await w.api.call('send_task_message', { path: { taskId }, body: { content } });
        w.enter(listening);
      }
      if (!run) {
        // New activity is kept until the chat and the runs were read, each once: a request failing in
        // between loses nothing, and is tried again alone (in a storm of errors, a step that had to read
        // both in one go would seldom get through).
        if (!unchecked) {
          const activity = await events.next();
          if (activity.length === 0) return { done: false, changed: false };
          unchecked = true;
          chatRead = false;
          w.show(activity.at(-1)?.summary ?? '');
        }
        if (!chatRead) {
          await collectReplies(chat);
          chatRead = true;
        }
        const page = await w.api.call('list_task_runs', { path: { taskId }, query: { limit: RUNS_PAGE } }, loop.call());
        const since = Date.parse(message.createdAt);
        run = fresh = latest(page.items.filter((r) => Date.parse(r.startedAt) >= since));
        unchecked = false;
        if (!run)
          return replies.length > 0
            ? { done: true, value: { message, taskId, replies, run: null, actions: [] } }
            : { done: false, changed: true };
      }
      const r = await follow(run.id, loop, fresh);
      fresh = undefined;
      if (!('run' in r)) return { done: false, changed: r.changed };
      await collectReplies(chat); // what the agent said when it finished
      return { done: true, value: { message, taskId, replies, run: r.run, actions: r.actions } };
    },
    (err) => (positioned && !message ? onlyRateLimited(err) : isTransient(err)),
  );
}

/** The run that started last (ties: the later id). */
function latest(runs: Run[]): Run | undefined {
  return [...runs]
    .sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.id.localeCompare(b.id, 'en', { numeric: true }))
    .at(-1);
}
