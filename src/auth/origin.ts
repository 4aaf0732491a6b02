// Which origins sign-in talks to: https, or plain http only on this machine's loopback.
import { CliError, ExitCode } from '../errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** 127.0.0.0/8, [::1] and localhost: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Whether requests to this URL may use plain http (openid-client's allowInsecureRequests). */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && isLoopbackHost(u.hostname);
}

/**
 * Refuses an origin with a path, a query or a fragment, the same for sign-in and the API: the service's
 * OAuth metadata lives at the origin's root (RFC 9728, RFC 8414) and its API at /api/v1 under it, so
 * https://host/tasks-service names no service of its own (docs/networks.md, "Origins").
 */
export function refusePath(url: URL, what = 'the service origin'): void {
  if (url.pathname.replace(/\/+$/, '') === '' && url.search === '' && url.hash === '') return;
  throw new CliError(
    `${what} is a scheme, host and port only, not ${url.href}: use ${url.origin} (a service under a path is not supported)`,
    ExitCode.usage,
  );
}

/** The origin of a URL the user gave, refusing plain http anywhere but loopback, and a path. */
export function checkedOrigin(value: string, what = 'the service origin', pathAllowed = false): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`${what} is not a URL: ${value}`, ExitCode.usage);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CliError(`${what} must be an https URL, not ${url.protocol}`, ExitCode.usage);
  if (!pathAllowed) refusePath(url, what);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new CliError(
      `refusing plain http to ${url.host}: use https (plain http is allowed only on loopback: 127.0.0.1, [::1], localhost)`,
      ExitCode.usage,
    );
  }
  return url.origin;
}
