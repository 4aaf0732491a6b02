// The bundle gives undici src/api/undici-http2.ts for node:http2 (scripts/bundle.mjs): the constants undici
// reads when it loads must be node:http2's, and connect must be the real one.
import { describe, expect, it } from 'vitest';
import * as http2 from 'node:http2';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect, constants } from '../../src/api/undici-http2.js';

describe('the node:http2 stand-in for undici', () => {
  it('has the values of node:http2 for every constant it defines', () => {
    for (const [name, value] of Object.entries(constants))
      expect([name, value]).toEqual([name, http2.constants[name as keyof typeof http2.constants]]);
  });

  it('defines every constant undici reads from node:http2', () => {
    const source = readFileSync(fileURLToPath(new URL('../../node_modules/undici/lib/dispatcher/client-h2.js', import.meta.url)), 'utf8');
    const block = /const \{\s*constants: \{([^}]*)\}\s*\} = http2/.exec(source);
    expect(block, 'undici no longer destructures http2.constants this way: review src/api/undici-http2.ts').not.toBeNull();
    const read = block![1]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(read.length).toBeGreaterThan(0);
    expect(Object.keys(constants).sort()).toEqual([...read].sort());
    // and nothing else of http2 but connect, called later
    const uses = new Set([...source.matchAll(/\bhttp2\.(\w+)/g)].map((m) => m[1]));
    expect([...uses].sort()).toEqual(['connect']);
  });

  it('connect is node:http2 connect', async () => {
    const session = connect('http://127.0.0.1:9');
    expect(session.constructor.name).toBe('ClientHttp2Session');
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => session.once('error', resolve));
    expect(error.code).toBe('ECONNREFUSED');
    session.destroy();
  });
});
