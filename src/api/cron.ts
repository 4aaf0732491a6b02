// The five cron shapes the service accepts (spec: update_scheduled_task), checked field by field.
// Pure and dependency-free: the client checks before sending, the sandbox checks on arrival.

export type CronShape = 'hourly' | 'daily' | 'weekdays' | 'weekly' | 'monthly';

export interface CronFields {
  shape: CronShape;
  minute: number;
  hour: number | null; // null for hourly
  dayOfMonth: number | null; // monthly only
  dayOfWeek: number | null; // weekly only, 0 = Sunday
}

export const CRON_SHAPES: readonly { shape: CronShape; pattern: string; example: string }[] = [
  { shape: 'hourly', pattern: 'M * * * *', example: '15 * * * *' },
  { shape: 'daily', pattern: 'M H * * *', example: '0 9 * * *' },
  { shape: 'weekdays', pattern: 'M H * * 1-5', example: '0 9 * * 1-5' },
  { shape: 'weekly', pattern: 'M H * * D', example: '0 9 * * 1' },
  { shape: 'monthly', pattern: 'M H DOM * *', example: '0 9 1 * *' },
];

export const CRON_SHAPES_TEXT = CRON_SHAPES.map((s) => `${s.shape} "${s.pattern}"`).join(', ');

export type CronCheck = { ok: true; fields: CronFields } | { ok: false; reason: string };

const NUMBER = /^\d{1,2}$/;

function field(value: string, name: string, min: number, max: number): number | string {
  if (!NUMBER.test(value)) return `${name} must be a number from ${min} to ${max}, not "${value}"`;
  const n = Number(value);
  if (n < min || n > max) return `${name} must be from ${min} to ${max}, not ${n}`;
  return n;
}

/** Classifies a cron expression into one of the five supported shapes, or says why it is none. */
export function checkCron(expression: string): CronCheck {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return { ok: false, reason: `a cron has five fields (minute hour day-of-month month day-of-week), this has ${parts.length}` };
  const [m, h, dom, mon, dow] = parts as [string, string, string, string, string];
  if (mon !== '*') return { ok: false, reason: 'the month field must be *' };
  const minute = field(m, 'minute', 0, 59);
  if (typeof minute === 'string') return { ok: false, reason: minute };
  if (h === '*') {
    if (dom !== '*' || dow !== '*') return { ok: false, reason: 'an hourly schedule has the shape "M * * * *"' };
    return { ok: true, fields: { shape: 'hourly', minute, hour: null, dayOfMonth: null, dayOfWeek: null } };
  }
  const hour = field(h, 'hour', 0, 23);
  if (typeof hour === 'string') return { ok: false, reason: hour };
  if (dom === '*' && dow === '*') return { ok: true, fields: { shape: 'daily', minute, hour, dayOfMonth: null, dayOfWeek: null } };
  if (dom === '*' && dow === '1-5') return { ok: true, fields: { shape: 'weekdays', minute, hour, dayOfMonth: null, dayOfWeek: null } };
  if (dom === '*') {
    const day = field(dow, 'day of week', 0, 6);
    if (typeof day === 'string') return { ok: false, reason: day };
    return { ok: true, fields: { shape: 'weekly', minute, hour, dayOfMonth: null, dayOfWeek: day } };
  }
  if (dow !== '*') return { ok: false, reason: 'a schedule cannot set both the day of month and the day of week' };
  const day = field(dom, 'day of month', 1, 31);
  if (typeof day === 'string') return { ok: false, reason: day };
  return { ok: true, fields: { shape: 'monthly', minute, hour, dayOfMonth: day, dayOfWeek: null } };
}
