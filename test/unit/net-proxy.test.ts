import { describe, expect, it } from 'vitest';
import { explainFailure, isNotSent } from '../../src/net/failure.js';
import { noProxyMatches, proxyText, routeOf } from '../../src/net/proxy.js';

const u = (s: string) => new URL(s);

describe('NO_PROXY', () => {
  it('matches a host and every name under it, with or without a leading dot or *.', () => {
    expect(noProxyMatches('corp.test', u('https://tasks.corp.test'))).toBe(true);
    expect(noProxyMatches('.corp.test', u('https://tasks.corp.test'))).toBe(true);
    expect(noProxyMatches('*.corp.test', u('https://corp.test'))).toBe(true);
    expect(noProxyMatches('corp.test', u('https://notcorp.test'))).toBe(false);
  });
  it('takes *, ports, addresses and lists separated by commas or spaces', () => {
    expect(noProxyMatches('*', u('https://anything.example'))).toBe(true);
    expect(noProxyMatches('a.test:8443', u('https://a.test:8443'))).toBe(true);
    expect(noProxyMatches('a.test:8443', u('https://a.test'))).toBe(false);
    expect(noProxyMatches('a.test:443', u('https://a.test'))).toBe(true);
    expect(noProxyMatches('x.test, 10.1.2.3', u('https://10.1.2.3:9000'))).toBe(true);
    expect(noProxyMatches('x.test [::2]:443', u('https://[::2]'))).toBe(true);
    expect(noProxyMatches('', u('https://a.test'))).toBe(false);
  });
});

describe('routeOf', () => {
  it('reads the lowercase variable first, as curl', () => {
    const r = routeOf(u('https://a.test'), { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:2' });
    expect(r.kind === 'proxy' && r.proxy.host).toBe('low:1');
  });
  it('uses HTTP_PROXY for http, ALL_PROXY when the scheme has none', () => {
    expect(routeOf(u('http://a.test'), { HTTPS_PROXY: 'http://s:1' }).kind).toBe('direct');
    const r = routeOf(u('https://a.test'), { ALL_PROXY: 'p:3128' });
    expect(r.kind === 'proxy' && r.proxy.href).toBe('http://p:3128/');
  });
  it('never proxies loopback, and NO_PROXY sends a host direct', () => {
    expect(routeOf(u('http://127.0.0.1:9'), { HTTPS_PROXY: 'http://p:1', HTTP_PROXY: 'http://p:1' }).kind).toBe('direct');
    expect(routeOf(u('https://localhost:9'), { HTTPS_PROXY: 'http://p:1' }).kind).toBe('direct');
    expect(routeOf(u('https://a.corp.test'), { HTTPS_PROXY: 'http://p:1', no_proxy: 'corp.test' }).kind).toBe('direct');
  });
  it('never shows a proxy password', () => {
    expect(proxyText(u('http://me:s3cret@p.test:3128'))).toBe('http://me:***@p.test:3128');
    expect(() => routeOf(u('https://a.test'), { HTTPS_PROXY: 'socks5://me:s3cret@p' })).toThrow(/me:\*\*\*@/);
  });
});

describe('failures before sending', () => {
  const route = { kind: 'proxy' as const, proxy: u('http://me@p.test:3128'), variable: 'HTTPS_PROXY' };
  it('explains a 407 with where the credentials go', () => {
    const err = new Error('Proxy response (407) !== 200 when HTTP Tunneling');
    expect(isNotSent(err)).toBe(true);
    expect(explainFailure(err, u('https://a.test'), route)?.message).toBe(
      'the proxy at http://me@p.test:3128 wants credentials: put them in HTTPS_PROXY as http://user:pass@p.test:3128',
    );
  });
  it('says a certificate failure in words', () => {
    const err = Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' });
    const direct = { kind: 'direct' as const };
    expect(explainFailure(err, u('https://a.test'), direct, { valid_to: 'Jan  2 00:00:00 2020 GMT' })?.message).toBe(
      'the certificate of a.test expired on 2020-01-02',
    );
    const unknown = Object.assign(new Error('x'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(explainFailure(unknown, u('https://a.test'), direct)?.message).toMatch(/does not trust .*WTS_CA_FILE/);
    const names = Object.assign(new Error('x'), {
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      cert: { subjectaltname: 'DNS:b.test, DNS:c.test' },
    });
    expect(explainFailure(names, u('https://a.test'), direct)?.message).toBe(
      'the certificate of a.test is issued for b.test, c.test, not a.test',
    );
  });
  it('takes a reset connection for one that may have carried the request', () => {
    expect(isNotSent(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
  });
});

describe('a redirecting origin', () => {
  it('is named with where it points', async () => {
    const { redirectedOrigin } = await import('../../src/net/redirect.js');
    expect(redirectedOrigin(301, 'https://tasks.test/api/v1/workspaces', 'http://old.test')).toBe('https://tasks.test');
    expect(redirectedOrigin(308, '/elsewhere', 'https://tasks.test')).toBe('https://tasks.test');
    expect(redirectedOrigin(200, 'https://x.test', 'https://tasks.test')).toBeUndefined();
  });
});
