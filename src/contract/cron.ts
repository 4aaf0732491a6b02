// The five cron shapes the service accepts (spec: update_scheduled_task), checked field by field.
// Pure and dependency-free: the client checks before sending, the sandbox checks on arrival. Besides the
// check: the nearest supported cron for one that is refused, the canonical form, and a sentence for people.

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

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

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
  if (parts.length !== 5)
    return { ok: false, reason: `a cron has five fields (minute hour day-of-month month day-of-week), this has ${parts.length}` };
  const [m = '', h = '', dom = '', mon = '', dow = ''] = parts; // five, counted above
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
    if (!NUMBER.test(dow))
      return { ok: false, reason: `day of week must be 1-5 (weekdays) or one day from 0 to 6 (0 = Sunday), not "${dow}"` };
    const day = field(dow, 'day of week', 0, 6);
    if (typeof day === 'string') return { ok: false, reason: day };
    return { ok: true, fields: { shape: 'weekly', minute, hour, dayOfMonth: null, dayOfWeek: day } };
  }
  if (dow !== '*') return { ok: false, reason: 'a schedule cannot set both the day of month and the day of week' };
  const day = field(dom, 'day of month', 1, 31);
  if (typeof day === 'string') return { ok: false, reason: day };
  return { ok: true, fields: { shape: 'monthly', minute, hour, dayOfMonth: day, dayOfWeek: null } };
}

/** The cron written the one way for its fields ("00 09 * * 1-5" → "0 9 * * 1-5"), so two crons compare as text. */
export function canonicalCron(fields: CronFields): string {
  const { shape, minute, hour, dayOfMonth, dayOfWeek } = fields;
  switch (shape) {
    case 'hourly':
      return `${minute} * * * *`;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekdays':
      return `${minute} ${hour} * * 1-5`;
    case 'weekly':
      return `${minute} ${hour} * * ${dayOfWeek}`;
    case 'monthly':
      return `${minute} ${hour} ${dayOfMonth} * *`;
  }
}

/** The canonical form of a supported cron, or the expression trimmed with single spaces when it is none. */
export function normalizeCron(expression: string): string {
  const check = checkCron(expression);
  return check.ok ? canonicalCron(check.fields) : expression.trim().split(/\s+/).join(' ');
}

const two = (n: number) => String(n).padStart(2, '0');

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** When a monthly day is not in every month (cron skips those months; it does not move the run). */
function monthsWithout(day: number): string {
  if (day === 31) return ' (only in months with 31 days)';
  if (day === 30) return ' (not in February)';
  if (day === 29) return ' (in February only in leap years)';
  return '';
}

/** "weekdays at 09:00", "weekly on Monday at 08:00", "hourly at :15", "monthly on the 15th at 09:00". */
export function describeCronFields(fields: CronFields): string {
  const at = `${two(fields.hour ?? 0)}:${two(fields.minute)}`;
  switch (fields.shape) {
    case 'hourly':
      return `hourly at :${two(fields.minute)}`;
    case 'daily':
      return `daily at ${at}`;
    case 'weekdays':
      return `weekdays at ${at}`;
    case 'weekly':
      return `weekly on ${WEEKDAY_NAMES[fields.dayOfWeek ?? 0]} at ${at}`;
    case 'monthly':
      return `monthly on the ${ordinal(fields.dayOfMonth ?? 1)} at ${at}${monthsWithout(fields.dayOfMonth ?? 1)}`;
  }
}

/** The sentence for a cron in a timezone, "weekdays at 09:00, Europe/Berlin"; for an unsupported cron, says so. */
export function cronSentence(expression: string, timezone?: string): string {
  const check = checkCron(expression);
  const what = check.ok ? describeCronFields(check.fields) : `unsupported cron "${expression.trim()}"`;
  return timezone ? `${what}, ${timezone}` : what;
}

// ---- The nearest supported cron ------------------------------------------------------------------

export interface CronSuggestion {
  shape: CronShape;
  cron: string;
  /** What the suggestion changes, when it does not mean the same ("drops Saturday"). */
  notes: string[];
}

const DAY_ABBREVIATIONS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTH_ABBREVIATIONS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const MACROS: Record<string, { cron: string; note?: string }> = {
  '@hourly': { cron: '0 * * * *' },
  '@daily': { cron: '0 0 * * *' },
  '@midnight': { cron: '0 0 * * *' },
  '@weekly': { cron: '0 0 * * 0' },
  '@monthly': { cron: '0 0 1 * *' },
  '@yearly': { cron: '0 0 1 * *', note: 'every month: yearly schedules are not supported' },
  '@annually': { cron: '0 0 1 * *', note: 'every month: yearly schedules are not supported' },
};

/**
 * The values one cron field stands for (`*`, `N`, `A-B`, `A-B/S`, `*\/S`, `N/S`, lists, names), sorted;
 * null for "every value"; undefined when the text cannot be read or leaves the range.
 */
function expandField(
  text: string,
  min: number,
  max: number,
  names?: readonly string[],
  sevenIsSunday = false,
): number[] | null | undefined {
  if (text === '*' || text === '?') return null;
  const value = (token: string): number | undefined => {
    const named = names?.indexOf(token.toLowerCase().slice(0, 3)) ?? -1;
    if (names && named >= 0 && /^[a-z]{3,9}$/i.test(token)) return named + min;
    if (!/^\d{1,2}$/.test(token)) return undefined;
    const n = Number(token);
    if (sevenIsSunday && n === 7) return 0;
    return n >= min && n <= max ? n : undefined;
  };
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : /^\d{1,2}$/.test(stepText) && Number(stepText) > 0 ? Number(stepText) : undefined;
    if (step === undefined) return undefined;
    let from: number | undefined;
    let to: number | undefined;
    if (range === '*') [from, to] = [min, sevenIsSunday ? 6 : max];
    else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      [from, to] = [value(a), value(b)];
      // "1-7", "mon-sun": a range may end on Sunday read as 7.
      if (sevenIsSunday && to === 0 && from !== undefined && from > 0) to = 7;
    } else {
      from = value(range);
      to = stepText === undefined ? from : sevenIsSunday ? 6 : max;
    }
    if (from === undefined || to === undefined || to < from) return undefined;
    for (let n = from; n <= to; n += step) out.add(sevenIsSunday && n === 7 ? 0 : n);
  }
  const sorted = [...out].sort((a, b) => a - b);
  const all = (sevenIsSunday ? 7 : max - min + 1) === sorted.length;
  return all ? null : sorted;
}

const dayList = (days: number[]) => days.map((d) => WEEKDAY_NAMES[d]).join(', ');
const valueList = (values: number[]) => (values.length > 6 ? `${values.slice(0, 4).join(', ')}, … ${values.at(-1)}` : values.join(', '));

/**
 * The supported cron closest to a refused one, with what it changes — or undefined when nothing is
 * close enough to suggest (a field out of its range, a field that cannot be read, day of month and day
 * of week both set). For a supported cron, its canonical form when that differs, else undefined.
 */
export function nearestCron(expression: string): CronSuggestion | undefined {
  const notes: string[] = [];
  let text = expression.trim();
  const macro = MACROS[text.toLowerCase()];
  if (macro) {
    text = macro.cron;
    if (macro.note) notes.push(macro.note);
  }
  let parts = text.split(/\s+/);
  if (parts.length === 6 || parts.length === 7) {
    // Quartz and friends: seconds first (and a year last); this cron has neither.
    notes.push(`no seconds${parts.length === 7 ? ' or year' : ''} field: five fields, minute first`);
    parts = parts.slice(1, 6);
  }
  if (parts.length !== 5) return undefined;
  const [m = '', h = '', dom = '', mon = '', dow = ''] = parts; // five, counted above
  const minutes = expandField(m, 0, 59);
  const hours = expandField(h, 0, 23);
  const days = expandField(dom, 1, 31);
  const months = expandField(mon, 1, 12, MONTH_ABBREVIATIONS);
  const weekdays = expandField(dow, 0, 7, DAY_ABBREVIATIONS, true);
  if (minutes === undefined || hours === undefined || days === undefined || months === undefined || weekdays === undefined)
    return undefined;
  if (months !== null) notes.push('runs every month: the month field must be *');

  const minute = minutes?.[0] ?? 0;
  if (minutes === null) notes.push('at most once an hour, not every minute');
  else if (minutes.length > 1) notes.push(`at most once an hour: one schedule per minute (${valueList(minutes)})`);

  let cron: string;
  // Every hour, or a step over the hours ("*/2"): hourly is the nearest; the day fields cannot narrow it.
  if (hours === null || (hours.length > 1 && h.includes('/'))) {
    if (hours !== null) notes.push(`every hour, not every ${h.split('/')[1]} hours`);
    if (days !== null || weekdays !== null) notes.push('on every day: an hourly schedule cannot be limited to some days');
    cron = `${minute} * * * *`;
  } else {
    const hour = hours[0] ?? 0;
    if (hours.length > 1) notes.push(`once a day: one schedule per hour (${valueList(hours)})`);
    if (days !== null && weekdays !== null) return undefined;
    if (weekdays !== null) {
      const weekdaySet = [1, 2, 3, 4, 5];
      if (weekdaySet.every((d) => weekdays.includes(d))) {
        const dropped = weekdays.filter((d) => !weekdaySet.includes(d));
        if (dropped.length > 0) notes.push(`Monday to Friday: drops ${dayList(dropped)}`);
        cron = `${minute} ${hour} * * 1-5`;
      } else {
        if (weekdays.length > 1) notes.push(`one day a week: one schedule per day (${dayList(weekdays)})`);
        cron = `${minute} ${hour} * * ${weekdays[0]}`;
      }
    } else if (days !== null) {
      if (days.length > 1) notes.push(`one day a month: one schedule per day (${valueList(days)})`);
      cron = `${minute} ${hour} ${days[0]} * *`;
    } else cron = `${minute} ${hour} * * *`;
  }
  const check = checkCron(cron);
  if (!check.ok) return undefined;
  const canonical = canonicalCron(check.fields);
  if (canonical === expression.trim()) return undefined;
  return { shape: check.fields.shape, cron: canonical, notes };
}

/** "weekdays \"0 9 * * 1-5\" (Monday to Friday: drops Saturday)" */
export function suggestionText(suggestion: CronSuggestion): string {
  return `${suggestion.shape} "${suggestion.cron}"${suggestion.notes.length ? ` (${suggestion.notes.join('; ')})` : ''}`;
}

/**
 * Why a cron is refused, in one line: the reason, the nearest supported cron where there is one, and the
 * supported shapes. Undefined for a supported cron.
 */
export function cronProblem(expression: string): string | undefined {
  const check = checkCron(expression);
  if (check.ok) return undefined;
  const nearest = nearestCron(expression);
  return `${check.reason}${nearest ? `; nearest supported: ${suggestionText(nearest)}` : ''}; supported shapes: ${CRON_SHAPES_TEXT}`;
}
