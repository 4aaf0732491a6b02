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

/**
 * `text` cut to at most `width` columns, ending in … when cut; a wide character that would straddle the
 * edge is left out whole. Give it sanitized text without colors (color the result).
 */
export function truncateToWidth(text: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text) && text.length <= width) return text;
  const cut = truncatedWidth(text, { limit: width, ellipsis });
  if (!cut.truncated) return text;
  let end = cut.index;
  // The library counts in UTF-16 units inside a run of wide characters: never keep half of a character
  // outside the BMP (e.g. U+20000); take it whole when it fits, else leave it out.
  if (/[\ud800-\udbff]/.test(text[end - 1] ?? '')) {
    const room = width - (cut.ellipsed ? displayWidth(ellipsis) : 0);
    end = displayWidth(text.slice(0, end + 1)) <= room ? end + 1 : end - 1;
  }
  return cut.ellipsed ? text.slice(0, end) + ellipsis : text.slice(0, end);
}

/** `text` followed by spaces up to `width` columns (unchanged when it is already as wide); colors are not counted. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
