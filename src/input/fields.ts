// FIELD=VALUE pairs typed on the command line (`approval edit --set`, `wts api -f`). One rule for both:
// a value that reads as a JSON number or as true/false is sent as that; anything else as the text typed.
import { CliError, ExitCode } from '../errors.js';
import { isRecord } from '../type-guards.js';

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The value as sent: a number, a boolean, or the text itself. */
export function typedValue(text: string): string | number | boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (JSON_NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
  return text;
}

/** Splits "FIELD=VALUE" at the first "="; `flag` names the option in the error. */
export function parseAssignment(text: string, flag: string): [field: string, value: string | number | boolean] {
  const at = text.indexOf('=');
  if (at <= 0) throw new CliError(`${flag}: expected FIELD=VALUE, not "${text}"`, ExitCode.usage);
  return [text.slice(0, at), typedValue(text.slice(at + 1))];
}

/** Commander's collector for a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * One field of `wts api`, as gh's: `-f key=value` is the text as typed; `-F key=value` is typed — true,
 * false, null and JSON numbers as such, `@file` the text of a file (`@-` standard input), anything else the
 * text. A key `a[b]` sets b in the object a, `a[]` appends to the array a (`a[]` with nothing after `=` is
 * an empty array), as gh reads them.
 */
export interface ApiField {
  text: string;
  typed: boolean;
}

/** The fields as one object (in the order of `fields`: list items append in that order); `read` reads an `@file` for -F. */
export async function apiFields(
  fields: readonly ApiField[],
  read: (path: string, flag: string) => Promise<string>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const { text, typed } of fields) {
    const flag = typed ? '--field' : '--raw-field';
    const at = text.indexOf('=');
    if (at <= 0) throw new CliError(`${flag}: expected key=value, not "${text}"`, ExitCode.usage);
    const key = text.slice(0, at);
    const raw = text.slice(at + 1);
    const value = !typed ? raw : raw.startsWith('@') ? await read(raw.slice(1), flag) : raw === 'null' ? null : typedValue(raw);
    setField(out, key, value, flag);
  }
  return out;
}

/** Sets `key` (`name`, `name[sub]…`, `name[]`) in `target`. */
function setField(target: Record<string, unknown>, key: string, value: unknown, flag: string): void {
  const [, head, subs = ''] = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key) ?? [];
  if (head === undefined) throw new CliError(`${flag}: "${key}" is not a key (name, name[sub] or name[])`, ExitCode.usage);
  const path = [head, ...[...subs.matchAll(/\[([^[\]]*)\]/g)].map(([, sub = '']) => sub)];
  let node: Record<string, unknown> = target;
  for (const [i, name] of path.entries()) {
    if (i === path.length - 1) {
      node[name] = value;
      return;
    }
    const appending = path[i + 1] === '';
    if (appending) {
      if (i + 2 !== path.length) throw new CliError(`${flag}: "${key}": [] must come last`, ExitCode.usage);
      const list = (node[name] ??= []);
      if (!Array.isArray(list)) throw new CliError(`${flag}: "${key}": ${name} is already a value, not a list`, ExitCode.usage);
      // `a[]=` alone makes an empty list, as gh does.
      if (!(value === '' && list.length === 0)) list.push(value);
      return;
    }
    const next = (node[name] ??= {});
    if (!isRecord(next)) throw new CliError(`${flag}: "${key}": ${name} is already a value, not an object`, ExitCode.usage);
    node = next;
  }
}
