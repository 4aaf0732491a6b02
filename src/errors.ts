// Everything that can go wrong, in one light module (no dependencies at load): the exit codes, the error
// classes the client throws, and the one map from a failure to the line the user reads and the exit code.
// Exit codes (README.md, "Exit codes"): 0 ok, 1 failure, 2 usage or invalid input, 3 not found, 4 sign-in needed, 5 forbidden,
// 6 conflict, 7 rate limited, 8 check failed.
export const ExitCode = {
  ok: 0,
  failure: 1, // network, server 5xx after retries, unexpected
  usage: 2, // usage or invalid input (caught before any request, or a 400)
  notFound: 3,
  signIn: 4, // no credentials, 401, connection revoked
  forbidden: 5, // scope not granted, workspace not shared
  conflict: 6, // 409
  rateLimited: 7, // 429 after retries
  checkFailed: 8, // e.g. `schedule check`, a run that failed after `--wait`
  interrupted: 130, // Ctrl-C at a question or while waiting (128 + SIGINT, as shells report it)
} as const;

/** Each exit code by name: the `code` of a failure the service gave no problem code for (bulk --json, MCP tool errors). */
export const EXIT_CODE_NAMES: Record<number, string> = {
  [ExitCode.failure]: 'failed',
  [ExitCode.usage]: 'invalid_input',
  [ExitCode.notFound]: 'not_found',
  [ExitCode.signIn]: 'sign_in_needed',
  [ExitCode.forbidden]: 'forbidden',
  [ExitCode.conflict]: 'conflict',
  [ExitCode.rateLimited]: 'rate_limited',
  [ExitCode.checkFailed]: 'check_failed',
};

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error meant for the user: one line on stderr, then this exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The OS keychain did not answer, or refused (src/auth/stores/keychain.ts). The message never carries a secret. */
export class KeychainError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.failure);
    this.name = 'KeychainError';
  }
}

/** Gave up waiting for a live holder of a lock file (src/auth/lock.ts says which and since when). */
export class LockTimeoutError extends CliError {
  constructor(
    message: string,
    readonly lockPath: string,
  ) {
    super(message, ExitCode.failure);
    this.name = 'LockTimeoutError';
  }
}

/**
 * The end of a bulk run that did not all succeed (src/bulk/report.ts's bulkFailure builds it): its line
 * and exit code. Its output (the lines, or the --json array) is complete, so --jq still runs over it
 * before the line is printed.
 */
export class BulkFailure extends CliError {
  constructor(message: string, exitCode: ExitCodeValue) {
    super(message, exitCode);
    this.name = 'BulkFailure';
  }
}

/**
 * wts and the service disagree on a name the spec leaves open: the service ignored a filter wts sent
 * (src/api/filters.ts: a row of the list does not match it), or refused a parameter or field wts built
 * (src/api/blame.ts). Not the user's input: exit 1, and the line says to run `wts doctor`.
 */
export class DisagreementError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.failure);
    this.name = 'DisagreementError';
  }
}

/** An RFC 9457 problem document, as the service sends with every error. */
export interface Problem {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
}

/** The service answered with an error (after any retries). */
/** The parameters of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3) that say what was wrong. */
export interface BearerChallenge {
  error?: string;
  description?: string;
  /** insufficient_scope: the scope the request needs. */
  scope?: string;
}

export class ApiError extends Error {
  /** The Bearer challenge of a 401 or 403, when the service gave one. */
  challenge: BearerChallenge | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly problem: Problem | undefined,
    readonly retryAfterSeconds?: number,
    /** A write that failed with 5xx: whether it was done is unknown (see src/api/unknown-outcome.ts). */
    readonly unknownOutcome?: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** The service could not be reached, or the answer was lost or did not come in time (after any retries). */
export class NetworkError extends Error {
  constructor(
    message: string,
    cause?: unknown,
    /** A write that may have reached the service: whether it was done is unknown (see src/api/unknown-outcome.ts). */
    readonly unknownOutcome?: string,
  ) {
    super(message, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * The service's paging went wrong (a cursor that came back, an offset that did not move, endless empty
 * pages, a page larger than asked): the walk stopped rather than ask for ever. The message names the
 * operation and what the service did.
 */
export class PagingError extends Error {
  constructor(
    readonly operation: string,
    readonly what: string,
  ) {
    super(`the service's paging of ${operation} ${what}; stopped`);
    this.name = 'PagingError';
  }
}

/**
 * The service answered, but not with what the operation returns: JSON that is cut off or invalid, another
 * media type, no body where one is due, a shape other than the catalog's, or more than wts reads.
 */
export class InvalidAnswerError extends Error {
  constructor(
    message: string,
    /** The HTTP status the service answered with. */
    readonly status: number,
    /** A write the service may have done: whether it was done is unknown (see src/api/unknown-outcome.ts). */
    readonly unknownOutcome?: string,
  ) {
    super(message);
    this.name = 'InvalidAnswerError';
  }
}

/**
 * Whether a failure leaves the outcome of a write unknown: its answer was lost, late, not what the
 * operation returns, or a 5xx. The one test, for single commands and bulk runs alike.
 */
export function isUnknownOutcome(err: unknown): boolean {
  return (err instanceof ApiError || err instanceof NetworkError || err instanceof InvalidAnswerError) && err.unknownOutcome !== undefined;
}

/**
 * An input that breaks the catalog's rules, found before any request (the client) or on arrival (the
 * sandbox). `field` is the catalog's name for it; `shownAs`, when the command that ran knows it, is the
 * flag or argument the user typed (`--limit`, `WS`).
 */
export class InputError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
    readonly shownAs?: string,
  ) {
    super(field ? `${field}: ${problem}` : problem);
    this.name = 'InputError';
  }

  /** The same error, naming the field as the user typed it. */
  named(shownAs: string | undefined): InputError {
    return shownAs ? new InputError(this.field, this.problem, shownAs) : this;
  }
}

/** The message of anything thrown: an Error's message, else its text. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The system error code of anything thrown (ENOENT, EEXIST, …), when it has one. */
export function errnoOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

/** The stack of anything thrown, for logs; its text when it has none. */
export function stackOf(err: unknown): string {
  return (err instanceof Error && err.stack) || String(err);
}

/** The exit code for an HTTP error status from the service (after retries). */
export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 400 || status === 413 || status === 415) return ExitCode.usage;
  if (status === 401) return ExitCode.signIn;
  if (status === 403) return ExitCode.forbidden;
  if (status === 404) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status === 429) return ExitCode.rateLimited;
  return ExitCode.failure;
}

export interface Failure {
  message: string;
  exitCode: ExitCodeValue;
}

/**
 * The one line that says what went wrong, and the exit code, for anything a command can throw. The line is
 * sanitized (service text such as a problem's detail may hold control characters or line breaks: they are
 * made visible), so it stays one line and cannot move the cursor or retitle the window.
 */
export async function describeFailure(err: unknown): Promise<Failure> {
  const { message, exitCode, outcome } = describe(err);
  const { terminalLine } = await import('./output/sanitize.js');
  // The cap is on what the failure says, so the sentence about the outcome is never the part cut off.
  return { message: `${capLine(terminalLine(message))}${outcome ? ` — ${terminalLine(outcome)}` : ''}`, exitCode };
}

/** The longest error line, in characters: a problem's detail is the service's text, of any length; wts's own lines (a keychain failure naming two paths) stay well under it. */
const MAX_LINE = 1000;

/** A line cut at MAX_LINE characters (never inside a surrogate pair), saying how much was left out. */
function capLine(line: string): string {
  if (line.length <= MAX_LINE) return line;
  let end = MAX_LINE;
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${line.slice(0, end)}… (${line.length - end} more characters)`;
}

/** A failure's line, and for a write whose outcome is unknown, the sentence that says so (src/api/unknown-outcome.ts). */
function describe(err: unknown): Failure & { outcome?: string } {
  if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode };
  if (err instanceof InputError) {
    const name = err.shownAs ?? err.field;
    return { message: name ? `${name}: ${err.problem}` : err.problem, exitCode: ExitCode.usage };
  }
  if (err instanceof ApiError) return describeApiError(err);
  if (err instanceof NetworkError || err instanceof InvalidAnswerError)
    return { message: err.message, exitCode: ExitCode.failure, outcome: err.unknownOutcome };
  if (err instanceof PagingError) return { message: err.message, exitCode: ExitCode.failure };
  const message = typeof err === 'object' && err !== null && 'message' in err ? err.message : undefined;
  return { message: `unexpected error: ${message ?? String(err)}`, exitCode: ExitCode.failure };
}

/** What the service said when it refused a token: the Bearer challenge's error and description, or the problem's detail. */
export function refusalText(err: ApiError): string {
  const error = err.challenge?.error;
  if (!error) return err.detail;
  return `${error}: ${err.challenge?.description ?? err.detail}`;
}

function describeApiError(err: ApiError): Failure & { outcome?: string } {
  const exitCode = exitCodeForStatus(err.status);
  const detail = err.detail;
  const scope = err.challenge?.scope;
  const insufficientScope = err.code === 'insufficient_scope' || err.challenge?.error === 'insufficient_scope';
  switch (exitCode) {
    case ExitCode.signIn:
      return { message: `sign-in needed: ${refusalText(err)} — run \`wts login\``, exitCode };
    case ExitCode.forbidden:
      // RFC 6750 §3.1: the challenge's scope is the one to ask for. A plain `wts login` asks for every
      // scope; one that chose its scopes needs this one added to them.
      if (insufficientScope)
        return {
          message: `forbidden: insufficient_scope: ${detail}${scope ? `; the scope to ask for is ${scope} (\`wts login --scopes … ${scope}\` if you choose the scopes)` : ''} — run \`wts login\` to grant it`,
          exitCode,
        };
      return {
        message:
          err.code === 'workspace_forbidden'
            ? `forbidden: ${detail} — this connection is limited to chosen workspaces; run \`wts login\` to change that`
            : `forbidden: ${detail} — run \`wts login\` to grant it`,
        exitCode,
      };
    case ExitCode.notFound:
      return { message: `not found: ${detail}`, exitCode };
    case ExitCode.conflict:
      return { message: `conflict: ${detail}`, exitCode };
    case ExitCode.rateLimited: {
      const wait = err.retryAfterSeconds !== undefined ? `; try again in ${err.retryAfterSeconds} s` : '';
      return { message: `rate limited: ${detail}${wait}`, exitCode };
    }
    case ExitCode.usage:
      return { message: `invalid input: ${detail}`, exitCode };
    default:
      return { message: `the service failed (${err.status}): ${detail}`, exitCode, outcome: err.unknownOutcome };
  }
}
