// FIELD=VALUE pairs typed on the command line (`approval edit --set`, `wts api -f`). One rule for both:
// a value that reads as a JSON number or as true/false is sent as that; anything else as the text typed.
import { CliError, ExitCode } from '../errors.js';

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
