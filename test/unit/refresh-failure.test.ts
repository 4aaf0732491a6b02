// What a failed refresh means, decided from what the client saw (src/auth/refresh-failure.ts), when the
// refresh token may be presented once more (refresh-intent.ts), a token response's lifetime, and the
// Bearer challenge of a refusal (RFC 6750 §3).
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bearerChallengeOf } from '../../src/api/client.js';
import { withTokenResponse, type StoredCredentials } from '../../src/auth/credentials.js';
import { answerReadingFetch, type AnswerWatch } from '../../src/auth/oauth-client.js';
import { refreshFailure } from '../../src/auth/refresh-failure.js';
import { mayPresentOnceMore, type RefreshIntent } from '../../src/auth/refresh-intent.js';

const sent = { reason: 'UND_ERR_SOCKET', maybeSent: true };
const notSent = { reason: 'ECONNREFUSED', maybeSent: false };
const answer = (status: number, contentType = '', complete = true) => ({ status, contentType, complete });

describe('a failed refresh, by what the client saw', () => {
  it('an OAuth error answer is a refusal, whatever else was seen', () => {
    const oauth = { error: 'invalid_grant', description: undefined, status: 400 };
    expect(refreshFailure(oauth, answer(400, 'application/json'), sent)).toEqual({ kind: 'refused', answer: oauth });
    // A 401 with a challenge, whose body openid-client leaves unread: the body's OAuth error, as the fetch read it.
    const invalidClient = { error: 'invalid_client', description: 'bad secret', status: 401 };
    expect(refreshFailure(undefined, { ...answer(401, 'application/json'), oauthError: invalidClient }, sent)).toEqual({
      kind: 'refused',
      answer: invalidClient,
    });
  });

  it('any answer other than 200 issued no tokens: a 503 page, an empty 502, a 307, a 401 without an OAuth body, even cut off', () => {
    expect(refreshFailure(undefined, answer(503, 'text/html; charset=utf-8'), sent)).toEqual({
      kind: 'not-issued',
      status: 503,
      what: '503, text/html',
    });
    expect(refreshFailure(undefined, answer(502), sent)).toMatchObject({ kind: 'not-issued', what: '502, no media type' });
    expect(refreshFailure(undefined, answer(307), sent)).toMatchObject({ kind: 'not-issued', status: 307 });
    expect(refreshFailure(undefined, answer(401, 'text/plain'), sent)).toMatchObject({ kind: 'not-issued', status: 401 });
    expect(refreshFailure(undefined, answer(500, 'text/html', false), sent)).toMatchObject({ kind: 'not-issued', status: 500 });
  });

  it('a 200 that cannot be used means the service rotated: cut off, or not a token response', () => {
    expect(refreshFailure(undefined, answer(200, 'application/json', false), sent)).toEqual({
      kind: 'unreadable',
      what: '200, application/json, cut off',
    });
    expect(refreshFailure(undefined, answer(200, 'application/json'), sent)).toEqual({
      kind: 'unreadable',
      what: '200, application/json, not a token response',
    });
  });

  it('no answer at all: nothing happened if the request never left, else the outcome is unknown', () => {
    expect(refreshFailure(undefined, undefined, notSent)).toEqual({ kind: 'not-sent', reason: 'ECONNREFUSED' });
    expect(refreshFailure(undefined, undefined, sent)).toEqual({ kind: 'lost', reason: 'UND_ERR_SOCKET' });
    expect(refreshFailure(undefined, undefined, { reason: 'no answer in time', maybeSent: true })).toMatchObject({ kind: 'lost' });
  });
});

describe('presenting a refresh token once more', () => {
  const intent: RefreshIntent = { version: 1, pid: 1, host: 'h', startedAt: 1, refreshTokenSha256: 'x' };
  it('only after an answer that was lost, and only once', () => {
    expect(mayPresentOnceMore({ ...intent, outcome: 'lost' })).toBe(true);
    expect(mayPresentOnceMore({ ...intent, outcome: 'lost', retryOf: 0 })).toBe(false);
    // A process that died with the request in flight, or a 200 that could not be read: never.
    expect(mayPresentOnceMore(intent)).toBe(false);
    expect(mayPresentOnceMore({ ...intent, outcome: 'unreadable' })).toBe(false);
  });
});

describe("a token response's lifetime", () => {
  const base = { version: 1, origin: 'o', resource: 'r', signedInAt: 0 } as unknown as StoredCredentials;
  const NOW = 1_000_000;
  it('keeps the tokens with an unknown lifetime when expires_in is missing, zero, negative or not a number', () => {
    for (const expires_in of [undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const next = withTokenResponse(base, { access_token: 'at', refresh_token: 'rt', expires_in }, NOW, []);
      expect(next.accessToken).toBe('at');
      expect(next.refreshToken).toBe('rt');
      expect(next.expiresAt).toBeUndefined();
      expect(next.lifetimeMs).toBeUndefined();
    }
  });
  it('takes a positive expires_in', () => {
    expect(withTokenResponse(base, { access_token: 'at', expires_in: 30 }, NOW, [])).toMatchObject({
      expiresAt: NOW + 30_000,
      lifetimeMs: 30_000,
    });
  });
});

describe('the Bearer challenge of a refusal', () => {
  it('reads error, error_description and scope, quoted or not', () => {
    expect(bearerChallengeOf('Bearer error="insufficient_scope", scope="workspace:write", resource_metadata="https://x/y"')).toEqual({
      error: 'insufficient_scope',
      scope: 'workspace:write',
    });
    expect(bearerChallengeOf('Bearer error=invalid_token, error_description="the token \\"abc\\" was revoked"')).toEqual({
      error: 'invalid_token',
      description: 'the token "abc" was revoked',
    });
    expect(bearerChallengeOf(undefined)).toBeUndefined();
    expect(bearerChallengeOf('Basic realm="x"')).toBeUndefined();
  });
});

describe('the token endpoint as the fetch reads it', () => {
  /** A one-answer HTTP server on loopback: `answer` writes to the response as it likes. */
  async function server(answer: (res: ServerResponse) => void) {
    const s = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const address = s.address() as AddressInfo;
    return { url: `http://127.0.0.1:${address.port}/token`, close: () => new Promise<void>((r) => s.close(() => r())) };
  }
  const post = { method: 'POST', headers: {}, body: 'grant_type=refresh_token', redirect: 'manual' } as const;

  it('drops an expires_in openid-client would refuse (-5, "abc"), keeps a usable one, and notes the answer', async () => {
    for (const [expires_in, kept] of [
      [-5, false],
      ['abc', false],
      [null, false],
      [3600, true],
      ['3600', true],
      [0, true],
    ] as const) {
      const s = await server((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: 'at', token_type: 'bearer', refresh_token: 'rt', expires_in }));
      });
      try {
        const watch: AnswerWatch = {};
        const res = await answerReadingFetch(undefined, watch)(s.url, post);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toMatchObject({ access_token: 'at', refresh_token: 'rt' });
        expect('expires_in' in body).toBe(kept);
        expect(watch.last).toEqual({ status: 200, contentType: 'application/json', complete: true });
      } finally {
        await s.close();
      }
    }
  });

  it('notes a 200 cut off (the status arrived, the body did not), and nothing at all for a connection closed first', async () => {
    const cut = await server((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"access_token":', () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const watch: AnswerWatch = {};
    try {
      await expect(answerReadingFetch(undefined, watch)(cut.url, post)).rejects.toThrow();
      expect(watch.last).toEqual({ status: 200, contentType: 'application/json', complete: false });
    } finally {
      await cut.close();
    }
    const dropped = await server((res) => res.socket?.destroy());
    try {
      await expect(answerReadingFetch(undefined, watch)(dropped.url, post)).rejects.toThrow();
      expect(watch.last).toBeUndefined();
    } finally {
      await dropped.close();
    }
  });

  it("reads the OAuth error of a 4xx's body (a challenged 401 whose body openid-client leaves unread)", async () => {
    const s = await server((res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="x"' });
      res.end(JSON.stringify({ error: 'invalid_client', error_description: 'bad secret' }));
    });
    try {
      const watch: AnswerWatch = {};
      await answerReadingFetch(undefined, watch)(s.url, post);
      expect(watch.last?.oauthError).toEqual({ error: 'invalid_client', description: 'bad secret', status: 401 });
    } finally {
      await s.close();
    }
  });
});
