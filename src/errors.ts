// The one map from what went wrong to the exit code (DESIGN.md, "Exit codes").
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
