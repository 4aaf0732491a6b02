// One result printed: a view of an object (aligned fields on a TTY, `label<TAB>value` piped), a
// confirmation ("✓ Approved act_12"), or with --json the exact data; and where output goes (OutputTarget).
import type { ChalkInstance } from 'chalk';
import type { IO } from '../io.js';
import type { ShownId } from '../completion/ids.js';
import { wrapText } from './format.js';
import { jsonDocument } from './sanitize.js';
import { pipeText, terminalText, terminalView, type Mode, type Text } from './text.js';

export interface OutputTarget {
  io: IO;
  json: boolean;
  chalk: ChalkInstance;
  /** Told of the id and label of each item a list prints (kept for shell completion). */
  shown?: (item: ShownId) => void;
}

function write(io: IO, text: string): void {
  io.stdout.write(text);
}

/**
 * Prints a value as JSON (for --json) in the one layout (jsonDocument: an array one item a line, an object
 * indented): the exact data, characters a terminal would act on as \\u escapes.
 */
export function printJson(out: OutputTarget, value: unknown): void {
  write(out.io, jsonDocument(value));
}

/** A field of a view: its label and its value for people (`human`) or scripts (`plain`). */
export type Row = [label: string, value: (mode: Mode) => Text];

/**
 * Prints one object: aligned `label  value` lines on a TTY (values sanitized keeping their newlines, which
 * continue indented under the value, never at the label's place), `label<TAB>value` piped (one line per
 * field, escaped), the object with --json.
 */
export function printObject(out: OutputTarget, object: unknown, rows: Row[]): void {
  const { io } = out;
  if (out.json) {
    printJson(out, object);
    return;
  }
  if (!io.isStdoutTTY) {
    for (const [label, value] of rows) write(io, `${label}\t${pipeText(value('plain'))}\n`);
    return;
  }
  for (const line of objectLines(out.chalk, rows, io.columns)) write(io, `${line}\n`);
}

/**
 * The lines of an object for people, `columns` wide: aligned `label  value`, values sanitized keeping
 * their newlines, which continue indented under the value, never at the label's place. A word longer
 * than the room stays whole (the caller cuts it, or the terminal wraps it).
 */
export function objectLines(chalk: ChalkInstance, rows: Row[], columns: number): string[] {
  const width = Math.max(...rows.map(([label]) => label.length)) + 1;
  const lines: string[] = [];
  for (const [label, value] of rows) {
    // Long values wrap beside their label instead of running under it.
    const text = wrapText(terminalView(value('human')), columns - (width + 1));
    const [first = '', ...rest] = text.split('\n');
    lines.push(`${chalk.bold(`${label}:`.padEnd(width + 1))}${first}`);
    for (const line of rest) lines.push(`${' '.repeat(width + 1)}${line}`);
  }
  return lines;
}

/** Prints a short confirmation for people ("✓ Approved act_12"), sanitized to one line; with --json, the object instead. */
export function printDone(out: OutputTarget, object: unknown, message: Text): void {
  if (out.json) printJson(out, object);
  else if (out.io.isStdoutTTY) write(out.io, `${out.chalk.green('✓')} ${terminalText(message)}\n`);
  else write(out.io, `${pipeText(message)}\n`);
}
