// The certificate authorities trusted as curl and git trust them: the system's store (Node's own reading
// of it where the Node line has tls.getCACertificates('system'); on Node 20 the platform's bundle file, or
// SSL_CERT_FILE / SSL_CERT_DIR), Node's bundled roots, NODE_EXTRA_CA_CERTS and WTS_CA_FILE. Read only
// after a certificate was refused as issued by an unknown authority (src/net/network.ts): most runs never
// pay for parsing a few hundred certificates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type * as Tls from 'node:tls';
import { CliError, errnoOf, ExitCode, messageOf } from '../errors.js';
import type { Env } from './proxy.js';

/** Where the platforms keep their bundle (Debian/Ubuntu, Fedora/RHEL, openSUSE, Alpine/macOS/BSD). */
const BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
  '/usr/local/etc/openssl/cert.pem',
];

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The PEM files of a directory (c_rehash's NAME.0 links, *.pem, *.crt). */
function dirCertificates(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.(pem|crt|\d+)$/.test(n))
    .map((n) => readText(join(dir, n)))
    .filter((t): t is string => t?.includes('-----BEGIN CERTIFICATE-----') === true);
}

/** node:tls, loaded when first needed: undici loads it only for an https connection, and most runs make none before this. */
export function loadTls(): typeof Tls {
  const tls: typeof Tls = createRequire(import.meta.url)('node:tls');
  return tls;
}

/** tls.getCACertificates, on the Node lines that have it (22.15 and later). */
function nodeSystemStore(): string[] | undefined {
  const tls = loadTls();
  const get: unknown = Reflect.get(tls, 'getCACertificates');
  if (typeof get !== 'function') return undefined;
  const certs: unknown = get.call(tls, 'system');
  return Array.isArray(certs) ? certs.filter((c): c is string => typeof c === 'string') : undefined;
}

/** The system's store: Node's reading of it when it has one, else the platform's files. */
function systemStore(env: Env): string[] {
  const out: string[] = [...(nodeSystemStore() ?? [])];
  const file = env.SSL_CERT_FILE ? readText(env.SSL_CERT_FILE) : out.length > 0 ? undefined : BUNDLES.map(readText).find(Boolean);
  if (file) out.push(file);
  if (env.SSL_CERT_DIR) for (const dir of env.SSL_CERT_DIR.split(':')) out.push(...dirCertificates(dir));
  return out;
}

/** WTS_CA_FILE's certificates: a file that cannot be read, or holds none, is a usage error. */
function wtsCaFile(env: Env): string[] {
  const file = env.WTS_CA_FILE;
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read WTS_CA_FILE ${file}: ${errnoOf(err) ?? messageOf(err)}`, ExitCode.usage);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw new CliError(`WTS_CA_FILE ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`, ExitCode.usage);
  return [text];
}

/** Every authority to trust after an unknown-issuer failure: Node's roots, the system's, the extra files. */
export function widenedTrust(env: Env): string[] {
  const extra = env.NODE_EXTRA_CA_CERTS ? readText(env.NODE_EXTRA_CA_CERTS) : undefined;
  return [...loadTls().rootCertificates, ...systemStore(env), ...(extra ? [extra] : []), ...wtsCaFile(env)];
}

/** Whether WTS_CA_FILE or a system store could add anything to Node's defaults (always: the store). */
export const UNKNOWN_ISSUER = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);
