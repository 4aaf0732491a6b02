// Which proxy, if any, a URL is reached through: the environment's HTTPS_PROXY / HTTP_PROXY / ALL_PROXY
// (each lowercase form first, as curl reads them) and NO_PROXY, as curl, git and npm read them. Loopback is
// never proxied (the sign-in's redirect and a sandbox on this machine). Pure: nothing is loaded or read
// here but the variables, once per process (see Network in src/net/network.ts).

/** How a URL is reached: straight, or through a proxy (whose URL may hold credentials). */
export type Route = { kind: 'direct'; why?: string } | { kind: 'proxy'; proxy: URL; variable: string };

export type Env = Record<string, string | undefined>;

/** The first of the variables set (not empty), lowercase form first; with its name. */
function firstSet(env: Env, names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    for (const n of [name.toLowerCase(), name]) {
      const value = env[n]?.trim();
      if (value) return { name: n, value };
    }
  }
  return undefined;
}

const isLoopbackName = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

/** The port a URL is reached at, its scheme's default when it names none. */
export const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * Whether NO_PROXY sends `url` straight: a comma- or space-separated list of `*`, host names (a name
 * matches itself and every name under it; a leading `.` or `*.` means the same), IP addresses, and any of
 * these with `:PORT` (then only that port).
 */
export function noProxyMatches(noProxy: string, url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = portOf(url);
  for (const raw of noProxy.split(/[\s,]+/)) {
    let entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracketed?.[1] !== undefined) {
      entry = bracketed[1];
      entryPort = bracketed[2];
    } else {
      const withPort = /^([^:]+):(\d+)$/.exec(entry);
      if (withPort?.[1] !== undefined) {
        entry = withPort[1];
        entryPort = withPort[2];
      }
    }
    if (entryPort !== undefined && entryPort !== port) continue;
    entry = entry.replace(/^\*?\./, '');
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/** The proxy variable that applies to a scheme, in curl's order. */
const VARIABLES: Record<string, string[]> = { 'https:': ['HTTPS_PROXY', 'ALL_PROXY'], 'http:': ['HTTP_PROXY', 'ALL_PROXY'] };

/** A proxy URL as given: "proxy.corp:3128" means http://proxy.corp:3128. Undefined when it is not a URL. */
export function parseProxy(value: string): URL | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How `url` is reached under `env`, a profile's proxy setting (`configured`, used when no variable is set)
 * aside. A proxy variable that is not an http(s) URL is an error of the caller's to say (badProxy).
 */
export function routeOf(url: URL, env: Env, configured?: string): Route {
  if (isLoopbackName(url.hostname.toLowerCase())) return { kind: 'direct', why: 'loopback is never proxied' };
  const set = firstSet(env, VARIABLES[url.protocol] ?? []) ?? (configured ? { name: 'the profile', value: configured } : undefined);
  if (!set) return { kind: 'direct' };
  const noProxy = firstSet(env, ['NO_PROXY']);
  if (noProxy && noProxyMatches(noProxy.value, url)) return { kind: 'direct', why: `${noProxy.name} names ${url.hostname}` };
  const proxy = parseProxy(set.value);
  if (!proxy) throw new Error(`${set.name} is not an http(s) proxy URL: ${redactedValue(set.value)}`);
  return { kind: 'proxy', proxy, variable: set.name };
}

/** A proxy URL for a line: its password never shown. */
export function proxyText(proxy: URL): string {
  const user = proxy.username ? `${decodeURIComponent(proxy.username)}${proxy.password ? ':***' : ''}@` : '';
  return `${proxy.protocol}//${user}${proxy.host}`;
}

function redactedValue(value: string): string {
  return value.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

/** How a route is said: "direct", "via the proxy http://proxy.corp:3128 (HTTPS_PROXY)". */
export function routeText(route: Route): string {
  if (route.kind === 'direct') return route.why ? `direct (${route.why})` : 'direct';
  return `via the proxy ${proxyText(route.proxy)} (${route.variable})`;
}
