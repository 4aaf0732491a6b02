import type { ReminderRec } from '../../model.js';
import { ServiceError } from '../../problem.js';
import { personAuthor, recordEvent } from '../../records.js';
import { currentUser, dataOf, requireReminder, requireTask } from '../access.js';
import type { CallContext } from '../dispatch.js';
import type { HandlerGroup } from '../handlers.js';
import { sortedBy } from '../paging.js';
import { listPage, reminderView, utcTime } from '../views.js';

type ReminderOps = 'list_reminders' | 'create_reminder' | 'update_reminder' | 'cancel_reminder';

/** A reminder time, in UTC, that is still ahead on the sandbox clock. */
function futureTime(call: CallContext, value: string): string {
  const at = utcTime('remindAt', value);
  if (Date.parse(at) <= call.ctx.clock.now()) {
    throw new ServiceError('invalid_request', `remindAt: must be in the future (the service's time is ${call.ctx.clock.iso()})`);
  }
  return at;
}

function requireScheduled(reminder: ReminderRec, doing: string): void {
  if (reminder.state !== 'scheduled')
    throw new ServiceError('conflict', `reminder ${reminder.id} is already ${reminder.state}, so it cannot be ${doing}`);
}

function log(call: CallContext, reminder: ReminderRec, kind: string, summary: string): void {
  const user = currentUser(call);
  recordEvent(call.ctx, reminder.taskId, kind, `${user.name} ${summary}`, personAuthor(user));
}

export const reminderHandlers: HandlerGroup<ReminderOps> = {
  list_reminders: (call, { path }) => {
    const { task } = requireTask(call, path.taskId);
    const reminders = dataOf(call).reminders.filter((r) => r.taskId === task.id);
    return listPage(sortedBy(reminders, (r) => [r.remindAt, r.id]).map(reminderView));
  },

  create_reminder: (call, { path, body }) => {
    const { task } = requireTask(call, path.taskId);
    const reminder: ReminderRec = {
      id: call.ctx.store.nextId('rem'),
      taskId: task.id,
      message: body.message,
      remindAt: futureTime(call, body.remindAt),
      state: 'scheduled',
      createdAt: call.ctx.clock.iso(),
    };
    dataOf(call).reminders.push(reminder);
    log(call, reminder, 'reminder.created', `set a reminder for ${reminder.remindAt}: ${reminder.message}`);
    return reminderView(reminder);
  },

  update_reminder: (call, { path, body }) => {
    const { reminder } = requireReminder(call, path.reminderId);
    requireScheduled(reminder, 'changed');
    const remindAt = body.remindAt === undefined ? undefined : futureTime(call, body.remindAt);
    if (body.message !== undefined) reminder.message = body.message;
    if (remindAt !== undefined) reminder.remindAt = remindAt;
    if (body.message !== undefined || remindAt !== undefined)
      log(call, reminder, 'reminder.updated', `changed a reminder to ${reminder.remindAt}: ${reminder.message}`);
    return reminderView(reminder);
  },

  cancel_reminder: (call, { path }) => {
    const { reminder } = requireReminder(call, path.reminderId);
    requireScheduled(reminder, 'cancelled');
    reminder.state = 'cancelled';
    log(call, reminder, 'reminder.cancelled', `cancelled a reminder: ${reminder.message}`);
    return reminderView(reminder);
  },
};
