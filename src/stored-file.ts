// The files wts writes and reads back (the configuration, the credentials file, the lock and refresh
// records, what is kept of an ended sign-in), checked as they are read: a damaged one is one line that
// names the file, where it is damaged and how to repair it, never a stack trace, and never its content
// (some hold tokens). The files of the sign-in are checked with zod, which every command that sends a
// request loads anyway (the catalog's input check): a store's entry (credentials file or keychain), and
// the profile's auth record inside the configuration once a sign-in is used; the rest of the
// configuration, read by every run, by hand.
import type * as z from 'zod';
import { CliError, ExitCode } from './errors.js';
import { isRecord } from './type-guards.js';

/** A file's value, or what is wrong with it (never quoting it). */
export type Checked<T> = { value: T } | { problem: string };

/** The file's value as `schema` gives it, or what is wrong with it (never quoting it). */
export function checkStored<S extends z.ZodType>(text: string, schema: S): Checked<z.output<S>> {
  return checkStoredBy<z.output<S>>(text, (json) => checkStoredValue(json, schema));
}

/**
 * A value already read from a file (an entry of it, at `at` inside it) as `schema` gives it, or what is
 * wrong with it, where `at` and below (never quoting it).
 */
export function checkStoredValue<S extends z.ZodType>(json: unknown, schema: S, at: readonly string[] = []): Checked<z.output<S>> {
  // Without zod's compiled fast path: compiling it costs more than the one parse of a run.
  const result = schema.safeParse(json, { jitless: true });
  return result.success ? { value: result.data } : { problem: describeIssue(result.error.issues[0], json, at) };
}

/**
 * The same, checked by `check` instead of a zod schema: for the configuration, which every run reads,
 * so that a run that needs no zod (help, completion, offline commands) loads none (ARCHITECTURE.md,
 * "What is loaded lazily").
 */
export function checkStoredBy<T>(text: string, check: (json: unknown) => Checked<T>): Checked<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // JSON.parse's message may quote the text: only where it stopped is said.
    const [, at] = /at position (\d+)/.exec(err instanceof Error ? err.message : '') ?? [];
    return { problem: `not valid JSON${at === undefined ? '' : ` at ${lineAndColumn(text, Number(at))}`}` };
  }
  return check(json);
}

/**
 * The file's value as `schema` gives it; a damaged file is a CliError (exit 1): "NAMED is damaged (WHERE:
 * WHAT); REPAIR", NAMED being its path, or words around it ("the credentials file PATH").
 */
export function parseStored<S extends z.ZodType>(named: string, text: string, schema: S, repair: string): z.output<S> {
  return storedValue(named, checkStored(text, schema), repair);
}

/** parseStored of a value already read (an entry at `at` inside the file NAMED): checkStoredValue. */
export function parseStoredValue<S extends z.ZodType>(
  named: string,
  json: unknown,
  schema: S,
  repair: string,
  at: readonly string[] = [],
): z.output<S> {
  return storedValue(named, checkStoredValue(json, schema, at), repair);
}

/** parseStored with a check of its own (checkStoredBy). */
export function parseStoredBy<T>(named: string, text: string, check: (json: unknown) => Checked<T>, repair: string): T {
  return storedValue(named, checkStoredBy(text, check), repair);
}

function storedValue<T>(named: string, checked: Checked<T>, repair: string): T {
  if ('problem' in checked) throw new CliError(`${named} is damaged (${checked.problem}); ${repair}`, ExitCode.failure);
  return checked.value;
}

function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** "profiles.default.origin: expected a string", "version: expected 1", "credentials: missing". */
function describeIssue(issue: z.core.$ZodIssue | undefined, json: unknown, at: readonly string[]): string {
  if (!issue) return 'not a file wts wrote';
  const path = [...at, ...issue.path.map(String)];
  const where = path.length === 0 ? 'the whole file' : path.join('.');
  const found = issue.path.reduce<unknown>((value, key) => {
    if (Array.isArray(value) && typeof key === 'number') return value[key];
    return isRecord(value) && typeof key === 'string' ? value[key] : undefined;
  }, json);
  if (issue.path.length > 0 && found === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value'))
    return `${where}: missing`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'record' ? 'object' : issue.expected;
      return `${where}: expected ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
    }
    case 'invalid_value':
      return `${where}: expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    default:
      return `${where}: ${issue.message}`;
  }
}
