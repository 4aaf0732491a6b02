// The values of the fields the service's spec leaves open ("State names of pending actions, reminders,
// agent runs and scheduled tasks: not shown"), as far as wts knows them: the sandbox sends only these,
// and a service may send others, which wts shows as they came (src/contract/resources.ts's `open`)
// and never decides on (src/approvals/decisions.ts). Plain data, without zod, for the modules that check.

/** A value of an open field: one wts knows, or any other text (the type checker still sees the known ones). */
export type Open<Known extends string> = Known | (string & {});

/** The values of each open field that wts knows. */
export const KNOWN = {
  runState: ['running', 'succeeded', 'failed'],
  actionKind: ['action', 'human_task', 'question'],
  actionState: ['pending', 'approved', 'rejected', 'completed', 'answered'],
  reminderState: ['scheduled', 'fired', 'cancelled'],
  scheduleState: ['active', 'paused'],
} as const;

/** Whether `value` is one of the `known` values of its field. */
export function isKnown<Known extends string>(known: readonly Known[], value: Open<Known>): value is Known {
  return known.some((k) => k === value);
}
