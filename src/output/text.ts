// Text as wts prints it: the service's text with parts in wts's own colors, made safe for where it goes
// (one terminal line cut to a width, a terminal block, a piped field) by the one sanitizer, then colored.
import { pipeField, terminalBlock, terminalLine } from './sanitize.js';
import { displayWidth, truncateToWidth } from './width.js';

export type Mode = 'human' | 'plain';

/** Part of a text in a color wts adds itself: the text is sanitized (and cut) first, then colored. */
export interface Styled {
  text: string;
  style: (text: string) => string;
}

/**
 * What a table cell, a view field or a confirmation holds: any text, the service's included, with parts
 * in wts's own colors. Everything here is sanitized as it is printed (src/output/sanitize.ts), so a value
 * never needs to be, and colors never are: never pass text that chalk already colored (use `styled`).
 */
export type Text = string | Styled | readonly (string | Styled)[];

/** `text` shown in a color of wts's own, e.g. `styled(task.status, (s) => chalk.cyan(s))`. */
export function styled(text: string, style: (text: string) => string): Styled {
  return { text, style };
}

const isParts = (text: Text): text is readonly (string | Styled)[] => Array.isArray(text);
const partsOf = (text: Text): readonly (string | Styled)[] => (isParts(text) ? text : [text]);
const raw = (part: string | Styled) => (typeof part === 'string' ? part : part.text);
const paint = (part: string | Styled, safe: string) => (typeof part === 'string' || safe === '' ? safe : part.style(safe));

/** The text without colors, unsanitized (as the service sent it). */
export function plainText(text: Text): string {
  return partsOf(text).map(raw).join('');
}

/** One line for a terminal: sanitized, cut to `width` columns (by display width, ending in …), then colored. */
export function terminalText(text: Text, width = Infinity): string {
  const parts = partsOf(text).map((part) => ({ part, safe: terminalLine(raw(part)) }));
  const total = parts.reduce((sum, p) => sum + displayWidth(p.safe), 0);
  if (total <= width) return parts.map((p) => paint(p.part, p.safe)).join('');
  if (width <= 0) return '';
  let room = width - 1; // for the …
  const out: string[] = [];
  for (const { part, safe } of parts) {
    const w = displayWidth(safe);
    if (w <= room) {
      out.push(paint(part, safe));
      room -= w;
      continue;
    }
    out.push(paint(part, `${truncateToWidth(safe, room, '')}…`));
    break;
  }
  return out.join('');
}

/** A block for a terminal view: sanitized keeping newlines and tabs, then colored. */
export function terminalView(text: Text): string {
  return partsOf(text)
    .map((part) => paint(part, terminalBlock(raw(part))))
    .join('');
}

/** A field of piped output: one line, every control character escaped, no colors. */
export function pipeText(text: Text): string {
  return pipeField(plainText(text));
}
