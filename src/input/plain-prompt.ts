// Accessible mode's questions (docs/accessibility.md): plain lines, read line by line. The question and
// each choice are lines of their own, the choices numbered; the answer is a line typed on the terminal as
// it is (the terminal echoes and edits it, as for `read`), never keys read raw, so nothing is redrawn, no
// cursor moves, and a screen reader reads each line once. What a caller passes is already sanitized.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { terminalLine } from '../output/sanitize.js';

/** The input ended (Ctrl-D, or closed) while a question waited for its answer; the asker's caller catches it. */
export class InputClosed extends Error {
  override name = 'InputClosed';
  constructor() {
    super('the input ended before an answer was typed');
  }
}

/** A choice offered: its word, what it does, and other words (a letter) that pick it too. */
export interface PlainChoice {
  name: string;
  help?: string;
  aliases?: readonly string[];
}

export interface PlainPrompter {
  /** A line of text typed after `question`; `check` returns why a line is refused (asked again), or true. */
  text(question: string, check?: (line: string) => string | true): Promise<string>;
  /** One of `choices`, by its number or its word; Enter alone takes `defaultIndex` when there is one. */
  choose<C extends PlainChoice>(question: string, choices: readonly C[], defaultIndex?: number): Promise<C>;
  /** yes or no, No when Enter alone. */
  confirm(question: string): Promise<boolean>;
  /** Whether a question waits for its line now (Ctrl-C then interrupts a question, not a request). */
  readonly waiting: boolean;
  close(): void;
}

export function plainPrompter(input: Readable, output: Writable): PlainPrompter {
  const reader = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  const lines: string[] = [];
  let closed = false;
  let pending: { resolve: (line: string) => void; reject: (err: Error) => void } | undefined;
  reader.on('line', (line) => {
    if (pending) pending.resolve(line);
    else lines.push(line);
    pending = undefined;
  });
  reader.on('close', () => {
    closed = true;
    pending?.reject(new InputClosed());
    pending = undefined;
  });
  const next = (): Promise<string> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (closed) return Promise.reject(new InputClosed());
    return new Promise((resolve, reject) => {
      pending = { resolve, reject };
    });
  };
  const say = (text: string) => output.write(`${text}\n`);

  const prompter: PlainPrompter = {
    get waiting() {
      return pending !== undefined;
    },
    async text(question, check) {
      for (;;) {
        say(question);
        const line = await next();
        const verdict = check?.(line) ?? true;
        if (verdict === true) return line;
        say(`Not accepted: ${verdict}.`);
      }
    },
    async choose(question, choices, defaultIndex) {
      const fallback = defaultIndex === undefined ? undefined : choices[defaultIndex];
      const how = `type a number from 1 to ${choices.length} or the word, then Enter${fallback ? `; Enter alone: ${fallback.name}` : ''}`;
      for (;;) {
        say(`${question} (${how})`);
        for (const [i, c] of choices.entries()) say(`${i + 1}. ${c.name}${c.help ? `: ${c.help}` : ''}`);
        const typed = (await next()).trim().toLowerCase();
        const picked =
          typed === ''
            ? fallback
            : /^\d+$/.test(typed)
              ? choices[Number(typed) - 1]
              : choices.find((c) => c.name === typed || c.aliases?.includes(typed));
        if (picked) {
          say(`Chosen: ${picked.name}.`);
          return picked;
        }
        if (typed === '?' || typed === 'help') continue;
        say(
          typed === ''
            ? 'Enter alone chooses nothing; nothing was sent.'
            : `"${terminalLine(typed)}" is not one of the choices; nothing was sent.`,
        );
      }
    },
    async confirm(question) {
      const yes = { name: 'yes', aliases: ['y'] };
      return (await prompter.choose(question, [yes, { name: 'no', aliases: ['n'] }], 1)) === yes;
    },
    close() {
      reader.close();
    },
  };
  return prompter;
}
