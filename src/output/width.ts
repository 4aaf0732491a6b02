// Display width: how many terminal columns a text takes. East Asian wide characters and emoji take two,
// combining marks none, and the SGR colors wts adds none. Cut and pad only text that went through the
// sanitizer (src/output/sanitize.ts): then the only escape sequences left are wts's own colors, and a cut
// can never land inside a sequence that came from the service.
import truncatedWidth from 'fast-string-truncated-width';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const NO_LIMIT = { limit: Infinity, ellipsis: '' };

/** Columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : truncatedWidth(text, NO_LIMIT).width;
}

/** wts's own colors (SGR), taken whole and counted as no columns when cutting. */
const SGR_PART = /(\x1b\[[0-9;]*m)/;
let graphemes: Intl.Segmenter | undefined;

/**
 * `text` cut to at most `width` columns, ending in … when cut; a character that would straddle the edge
 * (a wide one, an emoji sequence) is left out whole. Cut by user-perceived character, each measured with
 * displayWidth, so a cut never splits a character from its combining marks or an emoji sequence, and
 * never lands inside one of wts's colors. Give it sanitized text (color the result, or leave colors whole).
 */
export function truncateToWidth(text: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text))
    return text.length <= width ? text : text.slice(0, Math.max(0, width - ellipsis.length)) + (width >= ellipsis.length ? ellipsis : '');
  if (displayWidth(text) <= width) return text;
  const mark = displayWidth(ellipsis) <= width ? ellipsis : '';
  const room = width - displayWidth(mark);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let out = '';
  let used = 0;
  let full = false;
  for (const part of text.split(SGR_PART)) {
    // Colors after the cut are kept (they take no room), so a color that was opened is closed.
    if (SGR_PART.test(part)) {
      out += part;
      continue;
    }
    for (const { segment } of full ? [] : graphemes.segment(part)) {
      const w = displayWidth(segment);
      if (used + w > room) {
        full = true;
        break;
      }
      out += segment;
      used += w;
    }
  }
  return out + mark;
}

/** `text` followed by spaces up to `width` columns (unchanged when it is already as wide); colors are not counted. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
