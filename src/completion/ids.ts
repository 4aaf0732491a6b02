// Ids for shell completion, remembered from what list commands printed, so that completing an id starts
// no node process and asks the service nothing: the completion scripts read this file directly.
// One `kind<TAB>id<TAB>label` line per id, newest first, at most MAX_PER_KIND per kind, in a 0600 file of
// the config directory; an id a command decided or deleted leaves it (forgetIds). Ids and short labels
// only — never a token or anything from the credential store.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import type { OperationId } from '../contract/operations.js';
import { terminalLine } from '../output/sanitize.js';
import { isRecord } from '../type-guards.js';

/** The file's name in the config directory; the completion scripts name it too. */
export const ID_CACHE_FILE = 'completion-ids.tsv';
export const MAX_PER_KIND = 200;
const MAX_LABEL = 60;

const ID_KINDS = [
  'workspace',
  'user',
  'status',
  'task',
  'agent',
  'run',
  'approval',
  'reminder',
  'instructions',
  'handbook',
  'knowledge',
  'schedule',
] as const;

export type IdKind = (typeof ID_KINDS)[number];

const isIdKind = (word: string): word is IdKind => ID_KINDS.some((kind) => kind === word);

/**
 * The catalog's listings whose ids are kept, and as what: a verb that prints one says so (`lists` in its
 * spec, src/framework/verb.ts); the others that show ids record theirs themselves with ctx.remember (the
 * inbox, the board and task list with the columns they read, schedule view, diff and apply). Ids that go
 * away leave with ctx.forget: a bulk verb's `forgets`, and every approval decision (approvals/decisions.ts).
 */
export const RECORDED_BY = {
  list_workspaces: 'workspace',
  list_workspace_members: 'user',
  list_workspace_statuses: 'status',
  list_tasks: 'task',
  search_tasks: 'task',
  list_task_runs: 'run',
  list_agents: 'agent',
  list_pending_actions: 'approval',
  list_reminders: 'reminder',
  list_agent_instructions: 'instructions',
  list_company_handbook_sections: 'handbook',
  list_knowledge_sources: 'knowledge',
  list_scheduled_tasks: 'schedule',
  list_scheduled_task_runs: 'run',
} as const satisfies Partial<Record<OperationId, IdKind>>;

/** A listing whose printed ids are kept for completion. */
export type RecordedListing = keyof typeof RECORDED_BY;

/**
 * Which ids complete a value, by the name the help shows for it: an argument (`WS`, `TASK`; a bare `ID` or
 * `SECTION` by its group) or an option (`--workspace`). Undefined: the value is not an id we keep.
 */
export function idKindFor(group: string | undefined, valueName: string): IdKind | undefined {
  switch (valueName) {
    case 'WS':
    case '--workspace':
      return 'workspace';
    case 'TASK':
      return 'task';
    case 'AGENT':
    case '--agent':
      return 'agent';
    case 'RUN':
      return 'run';
    case 'USER':
    case '--assignee':
      return 'user';
    case '--status':
      return 'status';
    case 'ID':
    case 'SECTION': {
      const byGroup: Record<string, IdKind> = {
        approval: 'approval',
        reminder: 'reminder',
        instructions: 'instructions',
        handbook: 'handbook',
        knowledge: 'knowledge',
        schedule: 'schedule',
      };
      return group === undefined ? undefined : byGroup[group];
    }
    default:
      return undefined;
  }
}

export interface RememberedId {
  kind: IdKind;
  id: string;
  label: string;
}

// Ids go into shell scripts' candidate lists: only characters no shell gives a meaning to.
const SAFE_ID = /^[A-Za-z0-9_.:@+-]{1,128}$/;

/** What a listing printed an item as, for shell completion. */
export interface ShownId {
  id: string;
  label: string;
}

/** The id and a label of an item a listing printed (a status has a key instead of an id). */
export function idOf(item: unknown): ShownId | undefined {
  if (!isRecord(item)) return undefined;
  const o = item;
  const id = typeof o.id === 'string' ? o.id : typeof o.key === 'string' ? o.key : undefined;
  if (id === undefined) return undefined;
  const label = [o.title, o.name, o.summary, o.message].find((v): v is string => typeof v === 'string') ?? '';
  return { id, label };
}

/** A label as the shell's completion menu shows it: one line, sanitized like everything else shown, then cut. */
function cleanLabel(label: string): string {
  const flat = terminalLine(label.replace(/[\t\r\n]+/g, ' ').trim());
  return [...flat].length > MAX_LABEL ? `${[...flat].slice(0, MAX_LABEL - 1).join('')}…` : flat;
}

/** The file's lines that are ids; a damaged line (an unknown kind, an unsafe id) is dropped: the file is a cache, written anew from what lists print. */
function parse(text: string): RememberedId[] {
  return text.split('\n').flatMap((line) => {
    const [kind = '', id = '', label = ''] = line.split('\t');
    return isIdKind(kind) && SAFE_ID.test(id) ? [{ kind, id, label }] : [];
  });
}

/** An id as a line of the file. */
const lineOf = (e: RememberedId) => `${e.kind}\t${e.id}\t${e.label}`;

/** The file's text ('' when it is missing or unreadable). */
function readIdFile(dir: string): string {
  try {
    return readFileSync(join(dir, ID_CACHE_FILE), 'utf8');
  } catch {
    return '';
  }
}

/** What the file holds now (nothing when it is missing or unreadable). */
export function readRememberedIds(dir: string): RememberedId[] {
  return parse(readIdFile(dir));
}

/**
 * Puts `fresh` first in the file, keeping older ids after them up to MAX_PER_KIND per kind. Written
 * atomically, 0600 in a 0700 directory. Never throws: completion is a convenience, the command's work is done.
 */
export function rememberIds(dir: string, fresh: RememberedId[]): void {
  const incoming = fresh.filter((e) => SAFE_ID.test(e.id)).map((e) => ({ ...e, label: cleanLabel(e.label) }));
  if (incoming.length === 0) return;
  try {
    const seen = new Set<string>();
    const counts = new Map<IdKind, number>();
    const lines: string[] = [];
    const before = readIdFile(dir);
    for (const e of [...incoming, ...parse(before)]) {
      const key = `${e.kind}\t${e.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const n = counts.get(e.kind) ?? 0;
      if (n >= MAX_PER_KIND) continue;
      counts.set(e.kind, n + 1);
      lines.push(lineOf(e));
    }
    // The same list listed again (a script's loop): nothing to write.
    writeIdFile(dir, before, lines);
  } catch {
    // A read-only or full config directory costs only the completion of ids.
  }
}

/**
 * Takes `ids` of `kind` out of the file: what a command made go away (an approval decided, a task
 * deleted) is not offered any more. Atomic like rememberIds; never throws; no write when none was there.
 */
export function forgetIds(dir: string, kind: IdKind, ids: readonly string[]): void {
  if (ids.length === 0) return;
  try {
    const before = readIdFile(dir);
    if (before === '') return;
    const gone = new Set(ids);
    const held = parse(before);
    const kept = held.filter((e) => e.kind !== kind || !gone.has(e.id));
    if (kept.length === held.length) return;
    writeIdFile(dir, before, kept.map(lineOf));
  } catch {
    // As for rememberIds: only the completion of ids is lost.
  }
}

/** Writes the file's `lines` unless they are what it holds (`before`): atomically, 0600 in a 0700 directory. */
function writeIdFile(dir: string, before: string, lines: readonly string[]): void {
  const text = lines.length ? `${lines.join('\n')}\n` : '';
  if (text === before) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A cache: atomic, but not worth an fsync on every list command.
  writeFileAtomic(join(dir, ID_CACHE_FILE), text, 0o600, false);
}
