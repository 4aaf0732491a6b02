// What went wrong on the way to a server, in words, and whether the request can have left this machine.
// A failure to resolve the name, to connect, to open a tunnel through a proxy, or in the TLS handshake
// (a certificate refused) happens before a byte of the request is written: it is "not sent". Such a
// request is safe to send again, a refresh that failed so never counts toward ending a sign-in, and a
// write that failed so did nothing (never "may or may not have been made").
import { errnoOf } from '../errors.js';
import { isRecord } from '../type-guards.js';
import { proxyText, type Route } from './proxy.js';
import { UNKNOWN_ISSUER } from './trust.js';

/** A failure before the request was sent, said in words. */
export class NetFailure extends Error {
  readonly notSent = true;
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'NetFailure';
  }
}

/** How to trust a company's certificate authority, for the end of a certificate line. */
export const TRUST_HINT =
  'if your network inspects TLS with a company certificate authority, put it in the system store or set WTS_CA_FILE=/path/to/ca.pem (see docs/networks.md)';

const NOT_SENT_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
  'EPROTO',
  ...UNKNOWN_ISSUER,
]);

/** The error code of a failure or of its causes. */
export function codeOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; isRecord(e) && depth < 4; e = e.cause, depth++) {
    const code = errnoOf(e);
    if (code) return code;
  }
  return undefined;
}

function messageChain(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, depth = 0; isRecord(e) && depth < 4; e = e.cause, depth++) if (typeof e.message === 'string') parts.push(e.message);
  return parts.join(' / ');
}

/** Whether a failure happened before any of the request was written. */
export function isNotSent(err: unknown): boolean {
  if (err instanceof NetFailure) return true;
  const code = codeOf(err);
  if (code && (NOT_SENT_CODES.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_'))) return true;
  return proxyStatusOf(err) !== undefined;
}

/** The status a proxy answered to CONNECT, when that is why a request failed. */
export function proxyStatusOf(err: unknown): number | undefined {
  const m = /Proxy response \((\d{3})\) !== 200|Proxy Authentication Required \((407)\)/.exec(messageChain(err));
  return m ? Number(m[1] ?? m[2]) : undefined;
}

/** A certificate as the peer showed it, the parts said. */
export interface PeerCertificate {
  subjectaltname?: string | undefined;
  valid_from?: string | undefined;
  valid_to?: string | undefined;
  issuer?: { CN?: string | string[] | undefined; O?: string | string[] | undefined } | undefined;
  subject?: { CN?: string | string[] | undefined } | undefined;
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : undefined);
const namesOfPart = (v: unknown) => (isRecord(v) ? { CN: textOf(v.CN), O: textOf(v.O) } : undefined);

/** The parts said of a certificate as Node gives it (an error's `cert`, getPeerCertificate()); undefined when none. */
export function certificateOf(value: unknown): PeerCertificate | undefined {
  if (!isRecord(value) || Object.keys(value).length === 0) return undefined;
  return {
    subjectaltname: textOf(value.subjectaltname),
    valid_from: textOf(value.valid_from),
    valid_to: textOf(value.valid_to),
    issuer: namesOfPart(value.issuer),
    subject: namesOfPart(value.subject),
  };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function namesOf(cert: PeerCertificate | undefined): string | undefined {
  const names = cert?.subjectaltname
    ?.split(/,\s*/)
    .map((n) => n.replace(/^(DNS|IP Address):/, ''))
    .join(', ');
  return names || first(cert?.subject?.CN);
}

const dayOf = (text: string | undefined) => {
  const d = text ? new Date(text) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : text;
};

/** A certificate failure in words: expired on DATE, issued for NAMES, issuer not trusted (and how to trust). */
export function certificateWords(code: string, host: string, cert: PeerCertificate | undefined): string | undefined {
  if (code === 'CERT_HAS_EXPIRED') return `the certificate of ${host} expired${cert?.valid_to ? ` on ${dayOf(cert.valid_to)}` : ''}`;
  if (code === 'CERT_NOT_YET_VALID') return `the certificate of ${host} is not valid before ${dayOf(cert?.valid_from) ?? 'a later date'}`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    const names = namesOf(cert);
    return `the certificate of ${host} is issued for ${names ?? 'other names'}, not ${host}`;
  }
  if (UNKNOWN_ISSUER.has(code)) {
    const issuer = first(cert?.issuer?.CN) ?? first(cert?.issuer?.O);
    return `the certificate of ${host} is issued by ${issuer ? `"${issuer}", ` : ''}a certificate authority this machine does not trust (${code}); ${TRUST_HINT}`;
  }
  return undefined;
}

/**
 * A failure to reach `url` (by `route`) in words, as a NetFailure when it is one that happens before
 * sending; undefined for anything else (the caller says it as it did). `cert`: the server's certificate
 * when it could be had.
 */
export function explainFailure(err: unknown, url: URL, route: Route, cert?: PeerCertificate): NetFailure | undefined {
  if (err instanceof NetFailure) return err;
  const code = codeOf(err);
  const host = url.hostname;
  const wrap = (message: string) => new NetFailure(message, code, { cause: err });
  const status = proxyStatusOf(err);
  if (route.kind === 'proxy' && status !== undefined) {
    const at = proxyText(route.proxy);
    if (status === 407)
      return wrap(`the proxy at ${at} wants credentials: put them in ${route.variable} as http://user:pass@${route.proxy.host}`);
    return wrap(`the proxy at ${at} would not connect to ${url.host} (it answered ${status})`);
  }
  if (!isNotSent(err) || code === undefined) return undefined;
  const via = route.kind === 'proxy' ? ` (via the proxy ${proxyText(route.proxy)})` : '';
  const errCert = isRecord(err) ? certificateOf(err.cert) : undefined;
  const words = certificateWords(code, host, cert ?? errCert);
  if (words) return wrap(words);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL')
    return wrap(`cannot find ${route.kind === 'proxy' ? `the proxy ${route.proxy.hostname}` : host} (${code})`);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return wrap(`cannot connect to ${url.host}${via} in time (${code})`);
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO')
    return wrap(`the TLS handshake with ${url.host}${via} failed (${code})`);
  return wrap(`cannot connect to ${url.host}${via} (${code})`);
}
