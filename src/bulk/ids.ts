// The ids a bulk verb acts on: typed as arguments, or `-` for standard input (one a line, the first
// tab-separated field, so `wts task list … | wts task complete -` works; `# comments` ignored). Every id is checked with the
// catalog's path-segment check before anything is sent, and each acts once.
import { CliError, ExitCode } from '../errors.js';
import type { OperationId } from '../contract/operations.js';
import { pathSegmentProblem } from '../contract/path-segment.js';

export interface BulkIds {
  /** Each id once, in the order first given. */
  ids: string[];
  /** Read from standard input (`-`): the output is a line per item even for one id. */
  fromStdin: boolean;
}

/** Where an id came from, for an error: "TASK #2", or "line 7 of standard input". */
type Source = string;

/** A comment: from a `#` that starts the line or follows a space, to the end of the line. */
const COMMENT = /(^|\s)#.*$/;

/**
 * The ids of `lines` (standard input): the first tab-separated field of each line, trimmed; blank lines
 * and `# comments` (a line of one, or the end of a line after a space) skipped. Returns each with its
 * line number.
 */
export function idsFromLines(text: string): { id: string; line: number }[] {
  const out: { id: string; line: number }[] = [];
  text.split('\n').forEach((line, i) => {
    const id = (line.split('\t')[0] ?? '').replace(COMMENT, '').trim();
    if (id !== '') out.push({ id, line: i + 1 });
  });
  return out;
}

/** The first occurrence of each id, in order. */
export function dedupe(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * The ids named by `words` (the id arguments as typed; `name` is how the help names them, e.g. "TASK"):
 * the words themselves, or those of standard input for `-` alone. Exit 2, before anything is sent, for
 * `-` among other ids, no id on standard input, or an id that cannot be one (`check`, the catalog's).
 */
export async function readIds(
  words: readonly string[],
  name: string,
  readStdin: () => Promise<string>,
  check: (id: string) => string | undefined = pathSegmentProblem,
): Promise<BulkIds> {
  if (words.length === 0) throw new CliError(`missing required argument '${name}'`, ExitCode.usage);
  const fromStdin = words.includes('-');
  if (fromStdin && words.length > 1)
    throw new CliError(`${name}: - reads the ids from standard input; pass it alone, not with other ids`, ExitCode.usage);
  const given: { id: string; source: Source }[] = fromStdin
    ? idsFromLines(await readStdin()).map(({ id, line }) => ({ id, source: `line ${line} of standard input` }))
    : words.map((id, i) => ({ id, source: words.length === 1 ? name : `${name} #${i + 1}` }));
  if (given.length === 0)
    throw new CliError(`${name}: no ids on standard input (one a line; the first tab-separated field is read)`, ExitCode.usage);
  for (const { id, source } of given) {
    const problem = id === '' ? 'must not be empty' : check(id);
    if (problem) throw new CliError(`${source}: ${problem}`, ExitCode.usage);
  }
  return { ids: dedupe(given.map((g) => g.id)), fromStdin };
}

/**
 * The catalog's check of an id for `field` of `operation`'s path (its schema, then the path-segment
 * check): why the id cannot be sent, or undefined.
 */
export async function catalogIdCheck(operation: OperationId, field: string): Promise<(id: string) => string | undefined> {
  const [{ getOperation }, { parseWith }, { InputError }] = await Promise.all([
    import('../contract/operations.js'),
    import('../contract/validate.js'),
    import('../errors.js'),
  ]);
  const schema = getOperation(operation).pathParams;
  return (id) => {
    try {
      parseWith(schema, { [field]: id });
    } catch (err) {
      if (err instanceof InputError) return err.problem;
      throw err;
    }
    return pathSegmentProblem(id);
  };
}
