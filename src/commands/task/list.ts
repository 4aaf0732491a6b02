// wts task list: list the tasks of a workspace: open work by default (every column but done), in board order; within a column, the service's order or --sort
import { type Command, Option } from 'commander';
import { completes } from '../../completion/spec.js';
import type { ApiClient } from '../../api/client.js';
import type { Page } from '../../contract/operations.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { options, verb, WS_ARG, type CliDeps } from '../../framework/verb.js';
import { collectItems, listTotal, pageOptions, type PageOptions } from '../../framework/listing.js';
import { collectList, collectValues, matchMember, me, PeopleResolver } from '../../input/people.js';
import { DONE, dueTime, statusKey, TODO } from '../../input/statuses.js';
import { progressLine, showsProgress } from '../../output/progress.js';
import { pipeField } from '../../output/sanitize.js';
import type { Status, Task } from './shared.js';
import { holdTasks, printTasks } from './shared.js';

/**
 * What --sort orders the tasks of a column by: a number (NaN, for a date that cannot be read, sorts as
 * equal) or, for titles, a text. Each is named in the help; the order of the keys is the help's.
 */
const SORTS = {
  due: { about: 'soonest first, undated last', key: (t: Task) => dueTime(t) },
  title: { about: 'A to Z', key: (t: Task) => t.title },
  created: { about: 'oldest first', key: (t: Task) => Date.parse(t.createdAt) },
  updated: { about: 'latest change first', key: (t: Task) => -Date.parse(t.updatedAt) },
} as const;
type SortKey = keyof typeof SORTS;
const SORT_KEYS: SortKey[] = ['due', 'title', 'created', 'updated'];

function sortKey(text: string | undefined): SortKey | undefined {
  if (text === undefined) return undefined;
  const typed = text.trim().toLowerCase();
  const known = SORT_KEYS.find((k) => k === typed);
  if (known) return known;
  throw new CliError(`--sort: one of ${SORT_KEYS.join(', ')}, not "${pipeField(text)}"`, ExitCode.usage);
}

/** What the service filters by: one assignee and one tag at most (the others are checked here: `keep`). */
type ListFilters = { assignee?: string; tag?: string; unassigned?: true; limit: number };

/** What several values of a filter mean, said in the help of each. */
const SEVERAL =
  'repeatable or comma-separated: tasks with every one; the first is filtered by the service, the others here, so a rare one first is cheaper';

/** The values of a repeated filter once each, in the order typed (the first is the service's). */
const distinct = (values: readonly string[] | undefined): string[] => [...new Set(values)];

export function registerList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_tasks',
    pages: true,
    description:
      "list the tasks of a workspace: open work by default (every column but done), in board order; within a column, the service's order or --sort",
    args: [WS_ARG],
    options: options<
      PageOptions & {
        status?: string[];
        assignee?: string[];
        tag?: string[];
        unassigned?: boolean;
        sort?: string;
        allWorkspaces?: boolean;
      }
    >((c) =>
      pageOptions(
        c
          .option(
            '-A, --all-workspaces',
            'the tasks of every workspace this connection lists, workspace by workspace, with a WORKSPACE column (not with WS)',
          )
          .option(
            '--status <column>',
            'only these columns: key or name, repeatable or comma-separated; "all" for every column (default: all but done)',
            collectList,
          )
          .option('--assignee <person>', `only tasks assigned to this person: id, name, email or @me; ${SEVERAL}`, collectValues)
          .option('--tag <tag>', `only tasks with this tag; ${SEVERAL}`, collectValues)
          .option('--unassigned', 'only tasks nobody is assigned to (not with --assignee)')
          .addOption(
            completes(
              new Option(
                '--sort <key>',
                `order each column by ${SORT_KEYS.map((k) => `${k} (${SORTS[k].about})`).join(', ')}, reading every task of the columns first (default: the service's order, reading only the pages shown)`,
              ),
              SORT_KEYS,
            ),
          ),
      ),
    ),
    fields: { workspaceId: 'WS' },
    examples: [
      'wts task list ws_support                       # open work: every column but done',
      'wts task list ws_support --status todo,waiting --assignee @me',
      'wts task list ws_support --status "In progress" --status done',
      'wts task list ws_support --tag urgent --tag billing  # tasks with both tags',
      'wts task list ws_support --sort due --limit 10  # the 10 due first, after reading every open task',
      'wts task list ws_support --status all --all --json | jq length',
      'wts task list -A --assignee @me                 # my open tasks in every workspace',
    ],
    async run({ ctx, args, opts }) {
      // Declared <WS>, which withWorkspace leaves out with --all-workspaces.
      const typedWorkspace: string | undefined = args[0];
      const total = listTotal(opts);
      const sort = sortKey(opts.sort);
      const status = opts.status ?? [];
      const tags = distinct(opts.tag);
      const people = distinct(opts.assignee);
      // Tasks assigned to someone named and to nobody: none could be both.
      if (people.length && opts.unassigned) throw new CliError('--assignee and --unassigned: give one or the other', ExitCode.usage);
      const api = await ctx.api();
      // Bad input fails before any request: every value, not only the one the service is sent (checked
      // against a workspace of the id's shape when every workspace is listed: the path is not the question).
      const path = { workspaceId: typedWorkspace ?? 'ws_all' };
      for (const tag of tags) api.prepare('list_tasks', { path, query: { tag } });
      for (const assignee of people) api.prepare('list_tasks', { path, query: { assignee } });
      const every = status.some((s) => s.trim().toLowerCase() === 'all');
      const [tag, ...moreTags] = tags;
      const base = { ...(tag !== undefined && { tag }), ...(opts.unassigned && { unassigned: true as const }), limit: 50 };
      if (opts.allWorkspaces) {
        const lists = await listingsAcross(ctx, api, people, base, moreTags);
        const keys = await Promise.all(lists.map((list) => list.columns));
        const named = every || !status.length ? undefined : columnKeysAcross(keys, status);
        const segments = lists.map((list, i) => ({
          list,
          keys: (keys[i] ?? []).map((c) => c.key).filter((k) => (named ? named[i]?.includes(k) : every || k !== DONE)),
        }));
        if (sort !== undefined || total === Infinity)
          return readAll(
            ctx,
            segments.map((g) => ({ list: g.list, keys: every ? undefined : g.keys })),
            sort,
            total,
            { workspace: true },
          );
        return readFirst(ctx, segments, every, total, { workspace: true });
      }
      const workspaceId = typedWorkspace ?? '';
      const columns = statusesOf(ctx, api, workspaceId);
      const resolver = new PeopleResolver(ctx, api, workspaceId);
      const [assignee, ...others] = distinct(await Promise.all(people.map(async (p) => (await resolver.resolve(p, '--assignee')).id)));
      const filters: ListFilters = { ...base, ...(assignee !== undefined && { assignee }) };
      const list: TaskListing = { ctx, api, workspaceId, filters, keep: alsoKeep(moreTags, others), columns };
      if (sort !== undefined || total === Infinity) {
        // Every task of the columns is wanted (--all), or needed to know which come first (--sort).
        const keys = every ? undefined : await columnKeys(columns, status);
        return readAll(ctx, [{ list, keys }], sort, total);
      }
      // Without a sort, the columns in board order, each in the service's order: only the pages shown.
      // Open work starts with todo, where new tasks start (every workspace has it), most often the first
      // column: its first page is asked for alongside the columns, so rows it fills take one round trip.
      const early = every || status.length ? undefined : { status: TODO, walk: columnWalk(list, TODO) };
      const statuses = await columns;
      const keys = every ? statuses.map((s) => s.key) : await columnKeys(columns, status);
      return readFirst(ctx, [{ list, keys, ...(early && { early }) }], every, total);
    },
  });
}

/**
 * A workspace's columns in board order, read alongside the tasks (awaited later: not an unhandled rejection
 * meanwhile). Every one is kept for completing --status: done too, which the list of open work leaves out.
 */
function statusesOf(ctx: CommandContext, api: ApiClient, workspaceId: string): Promise<Status[]> {
  const columns = collectItems<Status>(api.items('list_workspace_statuses', { path: { workspaceId } })).then((s) => {
    const sorted = s.sort((a, b) => a.position - b.position);
    for (const column of sorted) ctx.remember('status', column.key, column.name);
    return sorted;
  });
  columns.catch(() => {});
  return columns;
}

/**
 * A listing of each workspace the connection lists (--all-workspaces), their columns asked for at once.
 * @me is who signed in (no request); anyone else is looked up among the members of every workspace.
 */
async function listingsAcross(
  ctx: CommandContext,
  api: ApiClient,
  people: readonly string[],
  base: Omit<ListFilters, 'assignee'>,
  moreTags: readonly string[],
): Promise<TaskListing[]> {
  const workspaces = await collectItems(api.items('list_workspaces', { path: {} }));
  const named = people.filter((p) => p.trim().toLowerCase() !== '@me');
  const members = named.length ? (await Promise.all(workspaces.map((w) => new PeopleResolver(ctx, api, w.id).memberList()))).flat() : [];
  const everyone = [...new Map(members.map((m) => [m.id, m])).values()];
  const ids = distinct(
    await Promise.all(people.map(async (p) => (p.trim().toLowerCase() === '@me' ? me(ctx) : matchMember(p, everyone, '--assignee').id))),
  );
  const [assignee, ...others] = ids;
  const filters: ListFilters = { ...base, ...(assignee !== undefined && { assignee }) };
  return workspaces.map((w) => ({
    ctx,
    api,
    workspaceId: w.id,
    filters,
    keep: alsoKeep(moreTags, others),
    columns: statusesOf(ctx, api, w.id),
  }));
}

/**
 * The columns --status names in each workspace (--all-workspaces): a workspace without one of them is
 * only left out of it; a name no workspace has is refused as in one workspace.
 */
function columnKeysAcross(columns: Status[][], typed: string[]): string[][] {
  const keys = columns.map((): string[] => []);
  for (const name of typed) {
    let found = false;
    columns.forEach((statuses, i) => {
      try {
        keys[i]?.push(statusKey(name, statuses, '--status'));
        found = true;
      } catch (err) {
        if (!(err instanceof CliError)) throw err;
      }
    });
    if (!found) statusKey(name, columns.flat(), '--status');
  }
  return keys;
}

/**
 * The check of the tags and people the service was not sent (it takes one of each): a task is kept
 * only with every one. Undefined when there are none, so a page is passed on as it came.
 */
function alsoKeep(tags: readonly string[], people: readonly string[]): ((task: Task) => boolean) | undefined {
  if (!tags.length && !people.length) return undefined;
  return (task) => tags.every((t) => task.tags.includes(t)) && people.every((id) => task.assignees.some((a) => a.id === id));
}

/**
 * A walk's pages with only the tasks `keep` keeps, each page's cursor as it came: what reads the pages
 * counts rows and tells "of more" from what it is handed, whichever filter made it.
 */
async function* kept(pages: AsyncGenerator<Page<Task>>, keep: ((task: Task) => boolean) | undefined): AsyncGenerator<Page<Task>> {
  if (keep === undefined) {
    yield* pages;
    return;
  }
  for await (const page of pages) yield { ...page, items: page.items.filter(keep) };
}

/** One column's pages, its first asked for already. */
interface ColumnWalk {
  pages: AsyncGenerator<Page<Task>>;
  first: Promise<IteratorResult<Page<Task>>>;
}

function columnWalk(list: TaskListing, status: string): ColumnWalk {
  // Not read ahead: that would ask for every column's second page, most of them never shown.
  const pages = kept(
    list.api.pages('list_tasks', { path: { workspaceId: list.workspaceId }, query: { ...list.filters, status } }),
    list.keep,
  );
  const first = pages.next();
  // A column asked for early that the workspace turns out not to list is never awaited.
  first.catch(() => {});
  return { pages, first };
}

interface TaskListing {
  ctx: CommandContext;
  api: ApiClient;
  workspaceId: string;
  filters: ListFilters;
  /** The other tags and people, checked here on each task the service sends. */
  keep: ((task: Task) => boolean) | undefined;
  /** The workspace's columns in board order. */
  columns: Promise<Status[]>;
}

/** The columns --status names (checked, in board order), or every one but done. */
async function columnKeys(columns: Promise<Status[]>, typed: string[]): Promise<string[]> {
  const statuses = await columns;
  if (!typed.length) return statuses.map((s) => s.key).filter((k) => k !== DONE);
  const named = new Set(typed.map((s) => statusKey(s, statuses, '--status')));
  return statuses.map((s) => s.key).filter((k) => named.has(k));
}

function tasksOf(list: TaskListing, status: string | undefined): AsyncGenerator<Page<Task>> {
  return kept(
    list.api.pages(
      'list_tasks',
      { path: { workspaceId: list.workspaceId }, query: { ...list.filters, ...(status !== undefined && { status }) } },
      { readAhead: true },
    ),
    list.keep,
  );
}

/** One workspace's part of a list: its listing, the columns shown, and a column asked for early. */
interface Segment {
  list: TaskListing;
  keys: string[];
  early?: { status: string; walk: ColumnWalk };
}

/**
 * Up to `total` tasks, workspace by workspace (one, or every one with --all-workspaces), of each one's
 * `keys` columns in board order, each column in the order the service gives: the first page of every
 * column of a workspace is asked for at once when its turn comes (none but the first when its first
 * page, asked for `early`, fills the rows), and a column's later pages only while rows are still
 * wanted, so what it costs follows what it shows; a later workspace's tasks are never asked for once the
 * rows are filled. With every column (`every`), tasks in a column the workspace no longer lists come
 * after its columns: they can only be found by reading every task, which is done only when the listed
 * columns leave rows to fill.
 */
async function readFirst(
  ctx: CommandContext,
  segments: Segment[],
  every: boolean,
  total: number,
  table: { workspace?: boolean } = {},
): Promise<void> {
  // Whether tasks remain unshown, and whether their number is known (every column read to its end).
  let more = false;
  let counted = true;
  let left = 0;
  let room = total;
  const rows = async function* (): AsyncGenerator<Task> {
    for (const [at, { list, keys, early }] of segments.entries()) {
      const head = keys[0];
      const headWalk = early !== undefined && early.status === head ? early.walk : undefined;
      // The first column asked for already fills the rows and has pages left: the other columns' pages would
      // add no row and no count (it is "of more" either way), so they are not asked for.
      const first = await headWalk?.first;
      const filled = first !== undefined && !first.done && first.value.items.length >= room && Boolean(first.value.nextCursor);
      // Otherwise the first page of every column at once (the one asked for early reused).
      const walks = (filled ? keys.slice(0, 1) : keys).map((status) => (status === early?.status ? early.walk : columnWalk(list, status)));
      for (const [index, walk] of walks.entries()) {
        for (let page = await walk.first; !page.done; page = await walk.pages.next()) {
          const { items, nextCursor } = page.value;
          const shown = items.slice(0, room);
          room -= shown.length;
          yield* shown;
          if (room > 0) continue;
          // Full: what this column and the columns after it still hold is told, not read (a column the
          // workspace no longer lists is not counted: finding it would take reading every task; nor is a
          // later workspace, whose tasks are not asked for).
          left += items.length - shown.length;
          if (nextCursor || at < segments.length - 1) counted = false;
          for (const later of walks.slice(index + 1)) {
            const next = await later.first;
            if (next.done) continue;
            left += next.value.items.length;
            if (next.value.nextCursor) counted = false;
          }
          more = left > 0 || !counted;
          return;
        }
      }
      if (!every) continue;
      // Every listed column is shown: a task in a column the workspace no longer lists comes after them.
      const listed = new Set(keys);
      for await (const page of tasksOf(list, undefined)) {
        for (const task of page.items) {
          if (listed.has(task.status)) continue;
          if (room === 0) {
            // One more than shown: there are more, not read further to count them.
            more = true;
            counted = false;
            return;
          }
          room--;
          yield task;
        }
      }
    }
  };
  const shown = await printTasks(ctx, table)(rows());
  if (!more) return;
  const line = counted
    ? `Showing ${shown} of ${shown + left} tasks; more with --limit ${shown + left} or --all`
    : `showing ${shown} of more — use --limit N or --all for the rest`;
  ctx.hint(line);
}

/**
 * Every task of `keys`' columns (every column when undefined: one walk, which also finds the tasks of
 * a column the workspace no longer lists), in board order, each column in the service's order or by
 * `sort`; the first `total`. Each task is held as it prints (holdList: 10,000 tasks hold their 3 MB of
 * text, not their objects), its place in two arrays.
 */
async function readAll(
  ctx: CommandContext,
  parts: { list: TaskListing; keys: string[] | undefined }[],
  sort: SortKey | undefined,
  total: number,
  table: { workspace?: boolean } = {},
): Promise<void> {
  const held = holdTasks(ctx, table);
  const column: number[] = [];
  const key: (number | string)[] = [];
  const byKey = sort === undefined ? undefined : SORTS[sort].key;
  // Made only for titles: a collator loads the locale's collation data, which a list of numbers never needs.
  const collator = sort === 'title' ? new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }) : undefined;
  const compareKeys = (a: number | string, b: number | string) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : (collator?.compare(String(a), String(b)) ?? 0);
  // Workspace by workspace, board order (a column the workspace no longer lists last), then the sort; the
  // sort is stable, so without one a column keeps the service's order.
  const place = (a: number, b: number) => (column[a] ?? 0) - (column[b] ?? 0) || (byKey ? compareKeys(key[a] ?? 0, key[b] ?? 0) : 0);
  // Whether the tasks came in the order they are shown: then sorting would change nothing, and is left out.
  let inOrder = true;
  let told = false;
  // Nothing can be shown before the last page (any task may come first): on a terminal, a count of the
  // tasks read so far, once a column takes more than a page, erased before the rows. Where no progress
  // is shown (a pipe), nothing is counted or formatted per page (a long list's pages come a few
  // milliseconds apart).
  const plain = ctx.accessible();
  const progress = showsProgress(ctx.io, plain) ? progressLine(ctx.io, plain) : undefined;
  // Without a sort, one workspace's first column prints first, in the order its tasks come: piped, they
  // are printed as they come (HeldList.pass), not held; only the other columns wait for the last page.
  const streams = sort === undefined && parts.length === 1 && !ctx.io.isStdoutTTY;
  let passed = 0;
  const count = progress && new Intl.NumberFormat('en');
  let large = false;
  const read = async (part: number, list: TaskListing, status: string | undefined) => {
    const pages = tasksOf(list, status);
    // The first page is asked for before the columns are awaited: with every column, both at once.
    const first = pages.next();
    first.catch(() => {});
    const statuses = await list.columns;
    // A workspace's places after the one before it (a workspace has far fewer than 2^20 columns).
    const offset = part * 2 ** 20;
    const at = new Map(statuses.map((s, i) => [s.key, offset + i]));
    // The first column of those read (every column: the workspace's first).
    const keys = parts[part]?.keys;
    const firstColumn = streams ? Math.min(...(keys ?? statuses.slice(0, 1).map((s) => s.key)).map((k) => at.get(k) ?? Infinity)) : -1;
    for (let page = await first; !page.done; page = await pages.next()) {
      if (sort !== undefined && page.value.nextCursor && !told && ctx.io.isStderrTTY) {
        // A large read the user asked for by sorting: said once, before it takes its time.
        told = true;
        ctx.io.stderr.write(`${ctx.chalk.dim(`Reading every task to sort by ${sort}…`)}\n`);
      }
      for (const task of page.value.items) {
        const where = at.get(task.status) ?? offset + statuses.length;
        if (where === firstColumn) {
          held.pass(task);
          passed++;
          continue;
        }
        held.hold(task);
        column.push(where);
        if (byKey) key.push(byKey(task));
        const last = held.size - 1;
        if (last > 0 && place(last - 1, last) > 0) inOrder = false;
      }
      if (page.value.nextCursor) large = true;
      if (large && count) progress?.update(`${count.format(held.size + passed)} tasks read…`);
    }
  };
  // One column at a time would be slower: they are read at once, and held until all are in.
  try {
    await Promise.all(
      parts.flatMap(({ list, keys }, part) =>
        keys === undefined ? [read(part, list, undefined)] : keys.map((status) => read(part, list, status)),
      ),
    );
  } finally {
    progress?.done();
  }
  const order: number[] = [];
  for (let i = 0; i < held.size; i++) order.push(i);
  if (!inOrder) order.sort(place);
  const shown = held.print(total === Infinity ? order : order.slice(0, total));
  const all = held.size + passed;
  if (shown < all) {
    ctx.hint(`Showing ${shown} of ${all} tasks; more with --limit ${all} or --all`);
  }
}
