// The client's reading of token responses and metadata locations, as pure rules: how early an access
// token is refreshed, what counts as granted, where an issuer's metadata may be.
import { describe, expect, it } from 'vitest';
import { isExpiring, refreshMarginMs, withTokenResponse, type StoredCredentials } from '../../src/auth/credentials.js';
import { metadataUrls } from '../../src/auth/discovery.js';
import { alreadyRefreshed } from '../../src/auth/lifecycle.js';
import { notGranted } from '../../src/auth/login-flow.js';

const NOW = Date.UTC(2026, 0, 1);

function record(over: Partial<StoredCredentials> = {}): StoredCredentials {
  return {
    version: 1,
    origin: 'https://tasks.example',
    resource: 'https://tasks.example/api/v1',
    server: {
      issuer: 'https://tasks.example',
      authorizationEndpoint: 'https://tasks.example/a',
      tokenEndpoint: 'https://tasks.example/t',
      issParameterSupported: true,
    },
    client: { id: 'c', authMethod: 'none', registration: 'dynamic', applicationType: 'native' },
    accessToken: 'at-1',
    refreshToken: 'rt-1',
    tokenType: 'bearer',
    scopes: ['workspace:read'],
    signedInAt: NOW,
    ...over,
  };
}

describe('the refresh margin', () => {
  it('is 60 s for long-lived tokens and a quarter of the lifetime for short ones', () => {
    expect(refreshMarginMs({ lifetimeMs: 3600_000 })).toBe(60_000);
    expect(refreshMarginMs({ lifetimeMs: 240_000 })).toBe(60_000);
    expect(refreshMarginMs({ lifetimeMs: 30_000 })).toBe(7_500);
    expect(refreshMarginMs({ lifetimeMs: 10_000 })).toBe(2_500);
    // Unknown (a record from before wts kept it): the 60 s it always was.
    expect(refreshMarginMs({})).toBe(60_000);
  });

  it('calls a fresh 30-second token valid, so a waiting process uses it instead of refreshing again', () => {
    const fresh = withTokenResponse(record(), { access_token: 'at-2', refresh_token: 'rt-2', expires_in: 30 }, NOW, []);
    expect(fresh.lifetimeMs).toBe(30_000);
    expect(isExpiring(fresh, NOW)).toBe(false);
    expect(isExpiring(fresh, NOW + 22_000)).toBe(false);
    expect(isExpiring(fresh, NOW + 22_500)).toBe(true);
    // Another process held at-1, found it expired, waited for the lock, and now finds at-2.
    const held = record({ expiresAt: NOW - 1000, lifetimeMs: 30_000 });
    expect(alreadyRefreshed(fresh, held, {}, NOW + 1000)).toBe(true);
  });

  it('still refreshes an hour-long token in its last minute', () => {
    const c = withTokenResponse(record(), { access_token: 'at-2', expires_in: 3600 }, NOW, []);
    expect(isExpiring(c, NOW + 3540_000 - 1)).toBe(false);
    expect(isExpiring(c, NOW + 3540_000)).toBe(true);
  });

  it('drops the lifetime with the expiry when a response has no expires_in', () => {
    const c = withTokenResponse(record({ expiresAt: NOW + 5, lifetimeMs: 30_000 }), { access_token: 'at-2' }, NOW, []);
    expect(c.expiresAt).toBeUndefined();
    expect(c.lifetimeMs).toBeUndefined();
    expect(isExpiring(c, NOW + 10 ** 9)).toBe(false);
  });
});

describe('what was granted', () => {
  const asked = ['workspace:read', 'agents:read', 'offline_access'];

  it('offline access is the refresh token, whatever the scope of the access token says (RFC 6749 §5.1)', () => {
    const c = withTokenResponse(
      record({ refreshToken: undefined }),
      { access_token: 'a', refresh_token: 'r', scope: 'workspace:read agents:read' },
      NOW,
      asked,
    );
    expect(c.scopes).toEqual(['workspace:read', 'agents:read']);
    expect(notGranted(asked, c)).toEqual([]);
  });

  it('a scope naming offline_access without a refresh token grants no offline access', () => {
    const c = withTokenResponse(
      record({ refreshToken: undefined }),
      { access_token: 'a', scope: 'workspace:read agents:read offline_access' },
      NOW,
      asked,
    );
    expect(notGranted(asked, c)).toEqual(['offline_access']);
  });

  it('a narrower scope is reported', () => {
    const c = withTokenResponse(
      record({ refreshToken: undefined }),
      { access_token: 'a', refresh_token: 'r', scope: 'workspace:read' },
      NOW,
      asked,
    );
    expect(notGranted(asked, c)).toEqual(['agents:read']);
  });

  it('no scope in the response means the scope asked for (RFC 6749 §5.1)', () => {
    const c = withTokenResponse(
      record({ refreshToken: undefined, scopes: undefined as unknown as string[] }),
      { access_token: 'a', refresh_token: 'r' },
      NOW,
      asked,
    );
    expect(notGranted(asked, c)).toEqual([]);
  });
});

describe('where an issuer publishes its metadata', () => {
  it('without a path: RFC 8414, then OpenID Connect Discovery', () => {
    expect(metadataUrls('https://auth.example')).toEqual([
      'https://auth.example/.well-known/oauth-authorization-server',
      'https://auth.example/.well-known/openid-configuration',
    ]);
    expect(metadataUrls('https://auth.example/')).toEqual([
      'https://auth.example/.well-known/oauth-authorization-server',
      'https://auth.example/.well-known/openid-configuration',
    ]);
  });

  it('with a path: both inserted before the path (RFC 8414 §3, §5), then OpenID Connect appended', () => {
    expect(metadataUrls('https://auth.example/tenant/one/')).toEqual([
      'https://auth.example/.well-known/oauth-authorization-server/tenant/one',
      'https://auth.example/.well-known/openid-configuration/tenant/one',
      'https://auth.example/tenant/one/.well-known/openid-configuration',
    ]);
  });
});
