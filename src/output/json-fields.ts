// `--json FIELDS` as gh has it: `wts task list WS --json id,title` prints only those fields of each item
// (of the object, for one result). Plain `--json` prints everything, as before. The command's JSON is kept
// and cut down once it has finished, as --jq's is; a field the output does not have is a usage error that
// lists the ones it has.
import { RESULT_SHAPES } from '../contract/result-shapes.js';
import { CliError, ExitCode } from '../errors.js';
import { isRecord } from '../type-guards.js';
import { jsonDocument } from './sanitize.js';

const FIELD_LIST = /^[A-Za-z_]\w*(,[A-Za-z_]\w*)*$/;

/** Every field name of every resource the service answers with. */
function resourceFields(): Set<string> {
  const names = new Set<string>();
  for (const shape of Object.values(RESULT_SHAPES))
    if (shape.type === 'object') for (const name of Object.keys(shape.fields)) names.add(name);
  return names;
}

/**
 * Whether the word after `--json` is its field list rather than a positional argument (`--json ws_support`):
 * several names with commas, or one name that some resource has.
 */
function isFieldList(word: string): boolean {
  if (!FIELD_LIST.test(word)) return false;
  return word.includes(',') || resourceFields().has(word);
}

/**
 * The arguments with a bare `--json` moved after the options, where no word follows it, when the word
 * after it is a positional argument: commander would take that word as the option's value. A field list
 * stays where it is, `--json id,title`.
 */
export function placeJsonFlag(args: string[]): string[] {
  const at = args.indexOf('--json');
  const next = args[at + 1];
  if (at === -1 || next === undefined || next.startsWith('-') || isFieldList(next)) return args;
  const rest = [...args.slice(0, at), ...args.slice(at + 1)];
  const end = rest.indexOf('--');
  return end === -1 ? [...rest, '--json'] : [...rest.slice(0, end), '--json', ...rest.slice(end)];
}

/** The fields `--json FIELDS` names (checked as names; whether the output has them is known only later). */
export function jsonFieldsOf(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const fields = value.split(',').map((f) => f.trim());
  if (fields.some((f) => !/^[A-Za-z_]\w*$/.test(f)))
    throw new CliError(`--json: expected field names separated by commas (id,title), not "${value}"`, ExitCode.usage);
  return fields;
}

/** Only the named fields of each item (or of the one object); a name the output does not have is exit 2. */
export function selectFields(json: string, fields: string[]): string {
  if (json.trim() === '') return json;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new CliError('--json: this command prints a stream, not one JSON document: use --json alone, or --jq', ExitCode.usage);
  }
  const records = (Array.isArray(value) ? value : [value]).filter(isRecord);
  if (records.length === 0) return json;
  const available = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const unknown = fields.filter((f) => !available.includes(f));
  if (unknown.length > 0)
    throw new CliError(
      `--json: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}; available: ${available.sort().join(', ')}`,
      ExitCode.usage,
    );
  const pick = (item: unknown) => (isRecord(item) ? Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f]])) : item);
  return jsonDocument(Array.isArray(value) ? value.map(pick) : pick(value));
}
