// The private key for private_key_jwt (`wts login --client-key FILE`, src/auth/oauth-client.ts): a file
// that does not hold a usable private key is one line naming it, a usage error (exit 2), whatever is in
// it, never an unexpected error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { loadClientKey } from '../../src/auth/oauth-client.js';
import { CliError, ExitCode } from '../../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'wts-client-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function keyFile(text: string): string {
  const file = join(dir, `key-${++files}`);
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}

async function refusal(file: string): Promise<{ message: string; code: number }> {
  try {
    await loadClientKey(file);
  } catch (err) {
    if (err instanceof CliError) return { message: err.message, code: err.exitCode };
    throw err;
  }
  throw new Error(`${file} was taken as a key`);
}

describe('loadClientKey', () => {
  it('takes a PEM private key and a private JWK, with its kid', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    expect((await loadClientKey(keyFile(await exportPKCS8(privateKey)))).key.type).toBe('private');
    const jwk = { ...(await exportJWK(privateKey)), kid: 'k1' };
    expect(await loadClientKey(keyFile(JSON.stringify(jwk)))).toMatchObject({ kid: 'k1', key: { type: 'private' } });
  });

  it.each([
    ['JSON that is not an object', 'null', 'is not a private key (PEM or JWK)'],
    ['a JSON array', '[1, 2]', 'is not a private key (PEM or JWK)'],
    ['neither PEM nor JSON', 'hello', 'is not a private key (PEM or JWK)'],
    [
      'a JWK without its private part',
      '{"kty":"EC","crv":"P-256","x":"a","y":"b"}',
      'holds a public key; --client-key needs the private key',
    ],
    ['a private part that is not a string', '{"kty":"EC","crv":"P-256","d":5}', 'holds a public key; --client-key needs the private key'],
    ['a JWK whose parts make no key', '{"kty":"EC","crv":"P-256","x":"a","y":"b","d":"c"}', 'is not a usable private key ('],
    ['an algorithm that is not a string', '{"kty":"EC","crv":"P-256","x":"a","y":"b","d":"c","alg":7}', 'is not a usable private key ('],
  ])('refuses %s in one line, a usage error', async (_, text, says) => {
    const file = keyFile(text);
    const { message, code } = await refusal(file);
    expect(message.startsWith(`${file} ${says}`), message).toBe(true);
    expect(message).not.toContain('\n');
    expect(code).toBe(ExitCode.usage);
  });
});
