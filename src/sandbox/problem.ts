import type { Context } from 'hono';

/** The problem codes the service answers with, each with its HTTP status. */
export const PROBLEM_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  workspace_forbidden: 403,
  forbidden_host: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  task_not_done: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;
type ProblemStatus = (typeof PROBLEM_STATUS)[ProblemCode];

const TITLES: Record<ProblemStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Thrown by handlers; the HTTP layer turns it into problem+json and MCP into a tool error. */
export class ServiceError extends Error {
  readonly status: ProblemStatus;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = PROBLEM_STATUS[code];
  }

  toProblem(): Problem {
    return {
      type: `https://wts.example/problems/${this.code.replace(/_/g, '-')}`,
      title: TITLES[this.status],
      status: this.status,
      detail: this.detail,
      code: this.code,
    };
  }
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
}

export function problemResponse(c: Context, err: ServiceError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...err.headers };
  return c.body(JSON.stringify(err.toProblem()), err.status, headers);
}
