// How values read for a person: relative and local times, colored states.
import type { ChalkInstance } from 'chalk';
import type { Styled } from './text.js';
import { displayWidth, truncateToWidth } from './width.js';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
// Built on first use: making one loads locale data, ~15 ms that a command printing no relative time need not pay.
let relative: Intl.RelativeTimeFormat | undefined;

/** "in 3 hours", "2 days ago", "now". */
export function relativeTime(iso: string | null | undefined, nowMs: number): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((at - nowMs) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size)
      return (relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })).format(Math.trunc(seconds / size), unit);
  }
  return 'now';
}

/** A time in the local zone, e.g. "2026-11-23 09:00". */
export function localTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** A time for a person: local, then how far off, e.g. "2026-11-23 09:00 (in 2 days)". */
export function localAndRelative(iso: string | null | undefined, nowMs: number): string {
  if (!iso) return '';
  return `${localTime(iso)} (${relativeTime(iso, nowMs)})`;
}

const STATE_COLORS: Record<string, (c: ChalkInstance, s: string) => string> = {
  todo: (c, s) => c.cyan(s),
  in_progress: (c, s) => c.yellow(s),
  waiting: (c, s) => c.magenta(s),
  done: (c, s) => c.green(s),
  pending: (c, s) => c.yellow(s),
  approved: (c, s) => c.green(s),
  completed: (c, s) => c.green(s),
  answered: (c, s) => c.green(s),
  rejected: (c, s) => c.red(s),
  running: (c, s) => c.yellow(s),
  succeeded: (c, s) => c.green(s),
  failed: (c, s) => c.red(s),
  active: (c, s) => c.green(s),
  paused: (c, s) => c.gray(s),
  scheduled: (c, s) => c.cyan(s),
  fired: (c, s) => c.green(s),
  cancelled: (c, s) => c.gray(s),
};

/** A state or status key in its color (none when chalk's level is 0), for a table cell or a view field. */
export function stateText(chalk: ChalkInstance, state: string | null | undefined): Styled {
  const color = state ? STATE_COLORS[state] : undefined;
  return { text: state ?? '', style: (text) => (color ? color(chalk, text) : text) };
}

/**
 * Breaks each line of `text` at spaces so it fits `width` columns (a word wider than a line is cut where
 * the line ends), for text shown beside a label. Widths are display widths, wts's colors not counted: give it sanitized text.
 * Narrower than `minWidth`, the text is left as it is (a terminal wraps it better than a 5-column column).
 */
export function wrapText(text: string, width: number, minWidth = 20): string {
  if (width < Math.max(1, minWidth)) return text;
  return text
    .split('\n')
    .map((line) => {
      if (displayWidth(line) <= width) return line;
      const indent = /^\s*/.exec(line)?.[0] ?? '';
      const room = Math.max(1, width - displayWidth(indent));
      const out: string[] = [];
      let current = '';
      for (let word of line.slice(indent.length).split(/ +/)) {
        // A word wider than the rest of the line (a long URL, or text with no spaces such as Japanese)
        // fills the line and goes on on the next, cut by display width.
        while (displayWidth(word) > room) {
          const space = current ? room - displayWidth(current) - 1 : room;
          let head = space > 0 ? truncateToWidth(word, space, '') : '';
          if (head === '' && current === '') head = Array.from(word)[0] ?? '';
          if (head === '') {
            out.push(current);
            current = '';
            continue;
          }
          out.push(current ? `${current} ${head}` : head);
          current = '';
          word = word.slice(head.length);
        }
        if (current && displayWidth(current) + 1 + displayWidth(word) > room) {
          out.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      out.push(current);
      return out.map((l) => indent + l).join('\n');
    })
    .join('\n');
}
