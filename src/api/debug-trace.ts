// The lines --debug shows of each exchange: the request and its answer, with the token and every header
// that names a secret redacted, whoever set it, and long bodies cut short.
/** Headers whose value is a secret: shown as [redacted] in --debug, whoever set them. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|key|auth|session|password/i;

/** A header's value as a line shows it: the token redacted wherever it appears, and any header that names a secret. */
function shown(token: string, name: string, value: string): string {
  if (name === 'authorization') return 'Bearer [redacted]';
  return SECRET_HEADER.test(name) ? '[redacted]' : value.split(token).join('[redacted]');
}

function truncate(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** The request's lines, as it is sent. */
export function traceRequest(
  debug: (line: string) => void,
  token: string,
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
): void {
  debug(`> ${method} ${url}`);
  for (const [k, v] of Object.entries(headers)) debug(`> ${k}: ${shown(token, k, v)}`);
  if (body !== undefined) debug(`> ${truncate(body)}`);
}

/** The answer's lines, once read whole `ms` after the request was sent. */
export function traceAnswer(
  debug: (line: string) => void,
  token: string,
  res: { status: number; headers: Record<string, unknown>; body: Buffer },
  ms: number,
): void {
  debug(`< ${res.status} (${ms} ms)`);
  for (const [k, v] of Object.entries(res.headers)) debug(`< ${k}: ${shown(token, k, String(v))}`);
  if (res.body.length > 0) debug(`< ${truncate(res.body.toString('utf8'))}`);
}
