// Schedules as code: the file a team keeps in its repository, JSON or YAML,
//
//   schedules:
//     - key: backups            # optional; a local alias, see below
//       title: Daily backup check
//       prompt: Check that last night's backups completed and report in #ops.
//       cron: 30 6 * * *        # one of the five shapes, in the organization's timezone
//       workspace: ws_ops
//       agent: agt_ops
//       state: active           # or paused; default active
//
// Identity: the service keeps no field of ours, so an entry is matched to a scheduled task by its
// workspace and title. `key` is a local alias that names the entry in plans and errors and must be unique
// in the file; it is not sent. Renaming a title is therefore a new scheduled task (and, with --prune,
// the deletion of the old one) unless the title is changed on the service first.
//
// Parsed with `yaml` (YAML 1.2, a superset of JSON, so one parser and line numbers for both), checked
// with zod, and every problem is one line naming the file, the line, the entry and the field.
import * as z from 'zod';
import { isMap, isNode, isScalar, LineCounter, parseDocument, stringify } from 'yaml';
import { canonicalCron, checkCron, cronProblem } from '../contract/cron.js';
import { parseWith } from '../contract/validate.js';
import { CliError, ExitCode, InputError } from '../errors.js';
import type { Resource } from '../contract/resources.js';

export interface ScheduleSpec {
  /** Position in the file's list, from 0 (as in `schedules[2]`). */
  index: number;
  key?: string;
  title: string;
  /** Trailing whitespace dropped (a YAML block scalar ends with a newline). */
  prompt: string;
  /** Canonical form (canonicalCron). */
  cron: string;
  workspaceId: string;
  agentId: string;
  state: 'active' | 'paused';
}

const text = (min: number, max: number) => z.string().min(min).max(max);

const Entry = z
  .object({
    key: text(1, 100).optional(),
    title: text(1, 200),
    prompt: text(1, 20_000),
    cron: z.string().superRefine((value, ctx) => {
      const problem = cronProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    workspace: text(1, 64),
    agent: text(1, 64),
    state: z.enum(['active', 'paused']).default('active'),
  })
  .strict();

const ScheduleFile = z.object({ schedules: z.array(Entry) }).strict();

/** "schedules[2].cron" → ["schedules", 2, "cron"] */
function pathOf(field: string): (string | number)[] {
  return [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[0]));
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads a schedules file; any problem exits 2 with `FILE:LINE: schedules[N].field: what is wrong`. */
export function parseScheduleFile(source: string, fileName: string): ScheduleSpec[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: true });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line;
  // The line of a field's name (a block value starts below it), else of its value, else of what holds it.
  const lineOf = (path: (string | number)[]): number | undefined => {
    for (let at = path.length; at >= 0; at--) {
      const last = path[at - 1];
      const holder = at <= 1 ? doc.contents : doc.getIn(path.slice(0, at - 1), true);
      const key =
        typeof last === 'string' && isMap(holder)
          ? holder.items.find((pair) => isScalar(pair.key) && pair.key.value === last)?.key
          : undefined;
      if (isNode(key) && key.range) return lineAt(key.range[0]);
      const node = at === 0 ? doc.contents : doc.getIn(path.slice(0, at), true);
      if (isNode(node) && node.range) return lineAt(node.range[0]);
    }
    return undefined;
  };
  function failAt(field: string, problem: string, line = lineOf(pathOf(field))): never {
    throw new CliError(`${fileName}${line ? `:${line}` : ''}: ${field ? `${field}: ` : ''}${problem}`, ExitCode.usage);
  }

  const syntax = doc.errors[0];
  if (syntax) {
    const [first = ''] = syntax.message.split('\n');
    const message = first.replace(/ at line \d+, column \d+.*$/, '');
    const line = Number(/ at line (\d+),/.exec(first)?.[1] ?? syntax.linePos?.[0].line);
    // The usual cause: a cron that starts with * (YAML reads *name as an alias).
    const hint = /alias/i.test(message) ? ' (a value that starts with * must be quoted, e.g. cron: "15 * * * *")' : '';
    failAt('', `${message}${hint}`, line || undefined);
  }
  const data: unknown = doc.toJS();
  if (!isMapping(data)) failAt('', 'must be a mapping with a "schedules" list, e.g. {"schedules": [...]}', 1);

  const [other] = Object.keys(data).filter((key) => key !== 'schedules');
  if (!('schedules' in data) && other !== undefined)
    failAt(other, 'unknown field; the file has one field, "schedules": the list of scheduled tasks');

  let parsed: z.output<typeof ScheduleFile>;
  try {
    parsed = parseWith(ScheduleFile, data);
  } catch (err) {
    if (err instanceof InputError) return failAt(err.field, err.problem);
    throw err;
  }

  // " #" in an unquoted YAML value starts a comment: "post in #sales" would silently lose "#sales".
  parsed.schedules.forEach((_, index) => {
    for (const name of ['title', 'prompt'] as const) {
      const node = doc.getIn(['schedules', index, name], true);
      if (!isScalar(node) || node.type !== 'PLAIN' || node.comment === undefined || !node.range) continue;
      const rest = source.slice(node.range[1]).split('\n')[0] ?? '';
      if (rest.includes('#')) {
        failAt(
          `schedules[${index}].${name}`,
          `"${rest.trim()}" is a YAML comment, not part of the text; quote the text, or write it as a block (${name}: |)`,
        );
      }
    }
  });

  const specs = parsed.schedules.map((entry, index): ScheduleSpec => {
    const check = checkCron(entry.cron);
    return {
      index,
      ...(entry.key !== undefined && { key: entry.key }),
      title: entry.title,
      prompt: entry.prompt.trimEnd(),
      cron: check.ok ? canonicalCron(check.fields) : entry.cron,
      workspaceId: entry.workspace,
      agentId: entry.agent,
      state: entry.state,
    };
  });

  // One entry per key, and per workspace and title (the identity on the service).
  const keys = new Map<string, number>();
  const identities = new Map<string, number>();
  for (const spec of specs) {
    if (!spec.prompt) failAt(`schedules[${spec.index}].prompt`, 'must not be empty');
    if (spec.key !== undefined) {
      const earlier = keys.get(spec.key);
      if (earlier !== undefined) failAt(`schedules[${spec.index}].key`, `"${spec.key}" is also the key of schedules[${earlier}]`);
      keys.set(spec.key, spec.index);
    }
    const identity = `${spec.workspaceId}\u0000${spec.title}`;
    const earlier = identities.get(identity);
    if (earlier !== undefined)
      failAt(
        `schedules[${spec.index}].title`,
        `schedules[${earlier}] has the same title in ${spec.workspaceId}; a title names one scheduled task per workspace`,
      );
    identities.set(identity, spec.index);
  }
  return specs;
}

/** A scheduled task as the service gives it, as far as a schedules file holds it. */
type ExportedSchedule = Pick<Resource<'ScheduledTask'>, 'id' | 'title' | 'prompt' | 'cron' | 'workspaceId' | 'agentId' | 'state'>;

/**
 * The schedules file that `parseScheduleFile` reads back to these scheduled tasks (`schedule export`):
 * YAML (quoted wherever a plain scalar would read otherwise, a multi-line prompt as a block) or JSON.
 * Refused (exit 1) when two share a workspace and title: a file names one per workspace and title.
 */
export function scheduleFileText(schedules: readonly ExportedSchedule[], format: 'yaml' | 'json'): string {
  const seen = new Map<string, string>();
  for (const s of schedules) {
    const identity = `${s.workspaceId}\u0000${s.title}`;
    const other = seen.get(identity);
    if (other !== undefined)
      throw new CliError(
        `${other} and ${s.id} are both titled ${JSON.stringify(s.title)} in ${s.workspaceId}: a schedules file matches by workspace and title — retitle one first (\`wts schedule edit ${s.id} --title …\`)`,
        ExitCode.failure,
      );
    seen.set(identity, s.id);
  }
  const entries = schedules.map((s) => ({
    title: s.title,
    // The file drops trailing whitespace, and so does the comparison: exported without it.
    prompt: s.prompt.trimEnd(),
    cron: s.cron,
    workspace: s.workspaceId,
    agent: s.agentId,
    state: s.state,
  }));
  if (format === 'json') return `${JSON.stringify({ schedules: entries }, null, 2)}\n`;
  // yaml quotes a string wherever a plain one would read back otherwise ("123", "a # b"); a prompt of
  // several lines is a literal block, line for line; no folding (lineWidth 0), so nothing is re-wrapped.
  return stringify({ schedules: entries }, { blockQuote: 'literal', lineWidth: 0 });
}
