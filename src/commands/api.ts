// wts api METHOD PATH [-f key=value ...] [-F key=value ...] [--input FILE] [--paginate]: any request under
// /api/v1, with the same sign-in, retries and errors as every other command. The answer is printed as JSON.
// Fields as gh api has them: -f raw text, -F typed (numbers, booleans, null, @file).
import type { Command } from 'commander';
import type { RawRequest } from '../api/client.js';
import { walkPages, type CursorPage, type PageAsk } from '../api/paging.js';
import { isDotSegment } from '../contract/path-segment.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode, messageOf, PagingError } from '../errors.js';
import { apiFields, type ApiField } from '../input/fields.js';
import { readTextFile } from '../input/text.js';
import { isRecord } from '../narrow.js';
import { jsonText } from '../output/sanitize.js';
import { verb, type CliDeps, options } from '../framework/verb.js';

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
const API_PREFIX = '/api/v1';

interface ApiFlags {
  rawField?: ApiField[];
  field?: ApiField[];
  input?: string;
  paginate?: boolean;
}

/** PATH as typed ("/workspaces", "/api/v1/tasks/task_s001?limit=5") split into a path under /api/v1 and its query. */
function splitPath(text: string): { path: string; query: Record<string, string> } {
  const bad = () => new CliError(`PATH: must be a path under ${API_PREFIX}, e.g. /workspaces, not "${text}"`, ExitCode.usage);
  if (!text.startsWith('/') || text.startsWith('//')) throw bad();
  const url = new URL(text, 'http://wts.invalid');
  const raw = text.replace(/[?#].*$/s, '');
  // Dot segments would leave /api/v1 once resolved.
  if (raw.split('/').some(isDotSegment)) throw bad();
  let path = url.pathname;
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) path = path.slice(API_PREFIX.length) || '/';
  return { path, query: Object.fromEntries(url.searchParams) };
}

const raw = (text: string, previous: ApiField[] = []): ApiField[] => [...previous, { text, typed: false }];
const typed = (text: string, previous: ApiField[] = []): ApiField[] => [...previous, { text, typed: true }];

/** Fields sent in the query string: values only, not objects or lists. */
function queryFields(fields: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && typeof value === 'object')
      throw new CliError(`--field: ${key}: a query parameter is one value, not an object or a list`, ExitCode.usage);
  }
  return fields;
}

function printJson(ctx: CommandContext, value: unknown): void {
  ctx.io.stdout.write(`${jsonText(value, ctx.io.isStdoutTTY ? 2 : undefined)}\n`);
}

/** The page size a query asks for (`limit`, as typed or typed by -F), when it is a whole number. */
function askedLimit(query: Record<string, unknown> | undefined): number | undefined {
  const limit = query?.limit;
  const n = typeof limit === 'number' ? limit : typeof limit === 'string' && /^\d+$/.test(limit) ? Number(limit) : undefined;
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Follows nextCursor and prints every page's items as one JSON array, streamed page by page. The walk is
 * checked as every walk is (src/api/paging.ts): a cursor that comes back ends it with an error, not with
 * the same items printed for ever.
 */
async function printAllPages(ctx: CommandContext, send: (req: RawRequest) => Promise<unknown>, first: RawRequest): Promise<void> {
  const pretty = ctx.io.isStdoutTTY;
  const out = ctx.io.stdout;
  const answer = await send(first);
  // Not a listing: there is nothing to follow, so print the answer as it came.
  if (!isRecord(answer) || !Array.isArray(answer.items)) return printJson(ctx, answer);
  const firstPage: CursorPage<unknown> = {
    items: answer.items,
    nextCursor: typeof answer.nextCursor === 'string' ? answer.nextCursor : null,
  };
  const limit = askedLimit(first.query);
  const operation = `GET ${first.path}`;
  const fetch = async ({ cursor }: PageAsk): Promise<CursorPage<unknown>> => {
    if (cursor === undefined) return firstPage;
    const page = await send({ ...first, query: { ...first.query, cursor } });
    if (!isRecord(page) || !Array.isArray(page.items)) throw new PagingError(operation, 'answered a later page without a list of items');
    return { items: page.items, nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : null };
  };
  out.write('[');
  let count = 0;
  for await (const page of walkPages(operation, fetch, { ...(limit !== undefined && { pageSize: limit }) })) {
    for (const item of page.items) {
      const text = pretty ? jsonText(item, 2).replace(/\n/g, '\n  ') : jsonText(item);
      out.write(`${count++ === 0 ? '' : ','}${pretty ? '\n  ' : ''}${text}`);
    }
  }
  out.write(`${pretty && count > 0 ? '\n' : ''}]\n`);
}

export function registerApi(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'api',
    description: `send any request under ${API_PREFIX} with your sign-in, and print the JSON answer`,
    args: [
      ['<METHOD>', METHODS.join(', ')],
      ['<PATH>', `path under ${API_PREFIX}, e.g. /workspaces (a ?query is kept)`],
    ],
    options: options<ApiFlags>((c) =>
      c
        .option(
          '-f, --raw-field <key=value>',
          'a query parameter (GET, DELETE, or with --input) or a body field (POST, PATCH), sent as the text typed; repeatable',
          raw,
        )
        .option(
          '-F, --field <key=value>',
          'as -f, typed: true, false, null and numbers as such, @FILE the text of a file (@- standard input); repeatable',
          typed,
        )
        .option('--input <file>', 'the JSON body from this file (- for standard input)')
        .option('--paginate', 'follow nextCursor and print the items of every page as one JSON array')
        .addHelpText(
          'after',
          '\nKeys may nest: -F "a[b]=1" sends {"a":{"b":1}}, -f "tags[]=x" -f "tags[]=y" sends {"tags":["x","y"]}.\n' +
            'GET, PATCH and DELETE are repeated after a lost answer or a server error; POST is not (a 429 is retried for any method).',
        ),
    ),
    examples: [
      'wts api GET /workspaces',
      'wts api GET /workspaces/ws_support/tasks -f status=todo -f limit=50 --paginate',
      'wts api POST /tasks/task_s001/notes -f content="Called the customer back"',
      'wts api PATCH /tasks/task_s001 -f title=2026 -F "tags[]=billing" -F "tags[]=urgent"',
      'wts api POST /tasks/task_s001/notes -F content=@note.txt',
      'wts api PATCH /tasks/task_s001 --input change.json',
    ],
    async run({ ctx, args, opts }) {
      const method = METHODS.find((m) => m === args[0].toUpperCase());
      if (method === undefined) throw new CliError(`METHOD: must be one of ${METHODS.join(', ')}, not "${args[0]}"`, ExitCode.usage);
      const { path, query } = splitPath(args[1]);
      const bodyless = method === 'GET' || method === 'DELETE';
      if (opts.input !== undefined && bodyless)
        throw new CliError(`--input: a ${method} request has no body; use -f key=value for query parameters`, ExitCode.usage);
      if (opts.paginate && method !== 'GET')
        throw new CliError('--paginate: only a GET request can be followed page by page', ExitCode.usage);
      const fields = await apiFields([...(opts.rawField ?? []), ...(opts.field ?? [])], (file, flag) => readTextFile(ctx, file, flag));
      let body: unknown;
      if (opts.input !== undefined) {
        const text = await readTextFile(ctx, opts.input, '--input');
        try {
          body = JSON.parse(text);
        } catch (err) {
          throw new CliError(`--input: not valid JSON (${messageOf(err)})`, ExitCode.usage);
        }
      } else if (!bodyless) body = fields;
      const fieldsInQuery = bodyless || opts.input !== undefined;
      const req: RawRequest = {
        method,
        path,
        query: { ...query, ...(fieldsInQuery ? queryFields(fields) : {}) },
        body,
        idempotent: method !== 'POST',
      };
      const api = await ctx.api();
      if (opts.paginate) await printAllPages(ctx, (r) => api.send(r), req);
      else printJson(ctx, await api.send(req));
    },
  });
}
