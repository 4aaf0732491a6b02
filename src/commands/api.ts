// wts api [METHOD] PATH [-X METHOD] [-H 'Name: value'] [-i] [-f key=value ...] [-F key=value ...] [--input FILE]
// [--paginate]: any request under /api/v1, with the same sign-in, retries and errors as every other command.
// The answer is printed as JSON. As gh api has it: GET unless fields or a body are given (then POST), -X to
// say which, -f raw text, -F typed (numbers, booleans, null, @file), a path with or without its leading /.
import type { Command } from 'commander';
import { STATUS_CODES } from 'node:http';
import type { RawRequest } from '../api/client.js';
import { walkPages, type CursorPage, type PageAsk } from '../api/paging.js';
import { isDotSegment } from '../contract/path-segment.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode, messageOf, PagingError } from '../errors.js';
import { apiFields, type ApiField } from '../input/fields.js';
import { readTextFile } from '../input/text.js';
import { isRecord } from '../type-guards.js';
import { jsonText, terminalLine } from '../output/sanitize.js';
import { verb, type CliDeps, options } from '../framework/verb.js';

const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
const API_PREFIX = '/api/v1';

interface ApiFlags {
  rawField?: ApiField[];
  field?: ApiField[];
  input?: string;
  paginate?: boolean;
  method?: string;
  header?: string[];
  include?: boolean;
}

/** PATH as typed ("/workspaces", "/api/v1/tasks/task_s001?limit=5") split into a path under /api/v1 and its query. */
function splitPath(text: string): { path: string; query: Record<string, string> } {
  const bad = () => new CliError(`PATH: must be a path under ${API_PREFIX}, e.g. /workspaces, not "${text}"`, ExitCode.usage);
  // `workspaces` as gh takes `repos/…`; but not a URL of another origin, nor //host.
  if (text.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(text)) throw bad();
  const slashed = text.startsWith('/') ? text : `/${text}`;
  const url = new URL(slashed, 'http://wts.invalid');
  const raw = slashed.replace(/[?#].*$/s, '');
  // Dot segments would leave /api/v1 once resolved.
  if (raw.split('/').some(isDotSegment)) throw bad();
  let path = url.pathname;
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) path = path.slice(API_PREFIX.length) || '/';
  return { path, query: Object.fromEntries(url.searchParams) };
}

const raw = (text: string, previous: ApiField[] = []): ApiField[] => [...previous, { text, typed: false }];
const collect = (text: string, previous: string[] = []): string[] => [...previous, text];

/** The method: METHOD as typed, else -X, else GET, or POST when there are fields or a body (as gh api). */
function methodOf(words: string[], flag: string | undefined, sendsSomething: boolean): (typeof METHODS)[number] {
  const pick = (text: string, name: string) => {
    const method = METHODS.find((m) => m === text.toUpperCase());
    if (method === undefined) throw new CliError(`${name}: must be one of ${METHODS.join(', ')}, not "${text}"`, ExitCode.usage);
    return method;
  };
  const typed = words.length === 2 && words[0] !== undefined ? pick(words[0], 'METHOD') : undefined;
  const asked = flag !== undefined ? pick(flag, '--method') : undefined;
  if (typed && asked && typed !== asked) throw new CliError(`--method: ${asked} contradicts METHOD ${typed}; give one`, ExitCode.usage);
  return typed ?? asked ?? (sendsSomething ? 'POST' : 'GET');
}

/** -H 'Name: value' lines as headers; those the client sets itself (`own`: the sign-in above all) are refused. */
function headersOf(lines: string[], own: ReadonlySet<string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const [, name = '', value = ''] = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*)$/s.exec(line) ?? [];
    if (name === '' || /[\u0000-\u001f\u007f]/.test(value))
      throw new CliError(`--header: expected "Name: value" on one line, not "${line}"`, ExitCode.usage);
    const key = name.toLowerCase();
    if (own.has(key))
      throw new CliError(`--header: ${name} is set by wts itself (the sign-in's token never comes from the command line)`, ExitCode.usage);
    headers[key] = value;
  }
  return headers;
}

/** What --include prints before the body: the status line and the answer's headers, one a line, sanitized. */
function includedHead(status: number, headers: Record<string, string | string[] | undefined>): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(headers)) {
    const canonical = name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
    for (const one of Array.isArray(value) ? value : [value ?? '']) lines.push(`${canonical}: ${one}`);
  }
  return `${lines.map(terminalLine).join('\n')}\n\n`;
}
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
    // [METHOD] PATH: commander fills arguments in order, so both are optional here and sorted out in run.
    args: [
      ['[METHOD]', `${METHODS.join(', ')} (default: GET, or POST with fields or --input; also -X)`],
      ['[PATH]', `path under ${API_PREFIX}, e.g. /workspaces or workspaces (a ?query is kept)`],
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
        .option('-X, --method <method>', `the method: ${METHODS.join(', ')} (default: GET, or POST with fields or --input)`)
        .option(
          '-H, --header <line>',
          'an extra request header, "Name: value"; repeatable (not Authorization: that is your sign-in)',
          collect,
        )
        .option('-i, --include', 'print the status line and the answer headers before the body')
        .option('--input <file>', 'the JSON body from this file (- for standard input)')
        .option('--paginate', 'follow nextCursor and print the items of every page as one JSON array')
        .addHelpText(
          'after',
          '\nWith fields or --input and no method, the request is a POST (as gh api); say -X GET to send fields as a query.\n' +
            'Keys may nest: -F "a[b]=1" sends {"a":{"b":1}}, -f "tags[]=x" -f "tags[]=y" sends {"tags":["x","y"]}.\n' +
            'GET, PATCH and DELETE are repeated after a lost answer or a server error; POST is not (a 429 is retried for any method).',
        ),
    ),
    examples: [
      'wts api /workspaces',
      'wts api workspaces/ws_support/tasks -X GET -f status=todo -i',
      'wts api GET /workspaces/ws_support/tasks -f status=todo -f limit=50 --paginate',
      'wts api POST /tasks/task_s001/notes -f content="Called the customer back"',
      'wts api PATCH /tasks/task_s001 -f title=2026 -F "tags[]=billing" -F "tags[]=urgent"',
      'wts api POST /tasks/task_s001/notes -F content=@note.txt',
      'wts api PATCH /tasks/task_s001 --input change.json',
    ],
    async run({ ctx, args, opts }) {
      const words = args.filter((a): a is string => a !== undefined);
      const pathText = words.at(-1);
      if (pathText === undefined) throw new CliError("missing required argument 'PATH'", ExitCode.usage);
      const given = [...(opts.rawField ?? []), ...(opts.field ?? [])];
      const method = methodOf(words, opts.method, given.length > 0 || opts.input !== undefined);
      const { path, query } = splitPath(pathText);
      // The HTTP layer (and undici) by import(), as every group does: `wts help` loads this module too.
      const { API_OWN_HEADERS } = await import('../api/client.js');
      const headers = headersOf(opts.header ?? [], API_OWN_HEADERS);
      if (opts.include && opts.paginate)
        throw new CliError('--include: not with --paginate (the pages print as one JSON array)', ExitCode.usage);
      const bodyless = method === 'GET' || method === 'DELETE';
      if (opts.input !== undefined && bodyless)
        throw new CliError(`--input: a ${method} request has no body; use -f key=value for query parameters`, ExitCode.usage);
      if (opts.paginate && method !== 'GET')
        throw new CliError('--paginate: only a GET request can be followed page by page', ExitCode.usage);
      const fields = await apiFields(given, (file, flag) => readTextFile(ctx, file, flag));
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
        ...(Object.keys(headers).length > 0 && { headers }),
      };
      const api = await ctx.api();
      if (opts.paginate) return printAllPages(ctx, (r) => api.send(r), req);
      let head: string | undefined;
      const onAnswer = opts.include
        ? (status: number, h: Record<string, string | string[] | undefined>) => (head = includedHead(status, h))
        : undefined;
      try {
        const answer = await api.send(req, { ...(onAnswer && { onAnswer }) });
        if (head) ctx.io.stdout.write(head);
        printJson(ctx, answer);
      } catch (err) {
        // A refused request's head still shows what the service said; the error line follows on stderr.
        if (head) ctx.io.stdout.write(head);
        throw err;
      }
    },
  });
}
