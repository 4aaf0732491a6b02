// Hostile text for the tests that show a record never rewrites the screen: every field holds terminal
// control sequences (OSC 0 window title, OSC 8 hyperlink, OSC 52 clipboard, CSI clear and cursor moves,
// CR, bidi overrides, C1 bytes).
export const ESC = '\x1b';
const BEL = '\x07';
/** One line of everything a record can carry to rewrite a screen. */
export const HOSTILE =
  `${ESC}]0;PWNED${BEL}Hostile ${ESC}]8;;https://evil.io/${ESC}\\click${ESC}]8;;${ESC}\\ ${ESC}]52;c;cHc=${BEL}` +
  `${ESC}[2J${ESC}[H\rFORGED \u202eevil\u202c\u009b31m\u0085end`;
/** The same, for fields that hold several lines. */
export const HOSTILE_BLOCK = `${HOSTILE}\nsecond line\r\nthird\tline`;
/** The forged review screen: clear the screen, then a draft that looks like the real one. */
export const FORGED_DRAFT = `Dear all,${ESC}[2J${ESC}[H\ndraft.channel: #support\ndraft.body: Thanks, we fixed it.`;
/** How the start of HOSTILE reads once escaped: every screen must show it. */
export const SHOWN = '\\x1b]0;PWNED\\x07';
