// The one sanitizer: every text that came from the service passes here before a person's terminal sees it.
// Anyone who can write a task title, a note or a draft can put control sequences in it; printed raw they
// would retitle the window, clear the screen, plant hyperlinks or forge what a prompt shows. Sanitizing
// happens where text is rendered, not where it is stored: `--json` keeps the exact data.

/**
 * Characters that must never reach a terminal raw: C0 controls, DEL, C1 controls, and the Unicode
 * bidirectional overrides, embeddings, isolates and marks (which reorder what follows them on screen),
 * plus the line and paragraph separators (which some terminals break lines at).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_KEEPING_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The visible form of an unsafe character: `\t`, `\n`, `\r` by name, other controls as `\xHH`, the rest as `\uHHHH`. */
export function visibleEscape(ch: string): string {
  switch (ch) {
    case '\t':
      return '\\t';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
  }
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text for one line on a terminal (a table cell, a title, a confirmation, an error line): every control
 * character, including tab and newline, made visible, so one record stays one line and nothing in it
 * can move the cursor, retitle the window or reorder what follows.
 */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE, visibleEscape);
}

/**
 * Text for a multi-line view (a description, a note, a draft's body, a handbook entry): real newlines
 * and tabs stay, a CRLF or lone CR line break becomes a newline, every other control character is made
 * visible.
 */
export function terminalBlock(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(UNSAFE_KEEPING_LINES, visibleEscape);
}

/**
 * A field of piped plain output (tab-separated lines): the same escaping as a terminal line, so tab,
 * newline, CR and every other control character are escaped and one record is one line of fields.
 */
export function pipeField(text: string): string {
  return terminalLine(text);
}

/** What JSON.stringify leaves raw that a terminal would act on: DEL, C1, the bidirectional controls, LS and PS. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON for --json: the exact data, with every character a terminal would act on written as a \uXXXX escape
 * (JSON.stringify escapes C0 itself), so `--json` shown on a terminal is as safe as the tables and still
 * parses to the very strings the service sent.
 */
/**
 * A JSON document as wts prints every one (`--json`, `--json FIELDS`, on a terminal or piped): an array
 * with one item per line, each compact (as a list streams, so `grep` and `head` see whole items), any
 * other value indented by 2. Ends with a newline.
 */
export function jsonDocument(value: unknown): string {
  if (!Array.isArray(value)) return `${jsonText(value, 2)}\n`;
  return value.length === 0 ? '[]\n' : `[\n${value.map((item) => jsonText(item)).join(',\n')}\n]\n`;
}

export function jsonText(value: unknown, indent?: number): string {
  return (JSON.stringify(value, null, indent) ?? 'null').replace(
    UNSAFE_IN_JSON,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Whether a text holds anything the sanitizer would change in a single-line rendering. */
export function hasUnsafeCharacters(text: string): boolean {
  return text.search(UNSAFE) !== -1;
}
