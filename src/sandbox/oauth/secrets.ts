import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable opaque value: 32 random bytes, base64url. Codes, tokens, secrets, interaction ids. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** How secrets are stored and looked up: hex SHA-256. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** base64url(SHA-256(verifier)): the PKCE S256 transform (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
