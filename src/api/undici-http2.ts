// What the bundle (scripts/bundle.mjs) gives undici when it asks for node:http2. undici's HTTP/1.1 client
// module requires node:http2 when it loads, for the ten constants below, and calls `connect` only for a
// connection that negotiated HTTP/2, which the client never asks for (undici's allowH2 stays off). Loading
// node:http2 loads node:tls and the HTTP/2 core, about 10 ms of each run, so the real module is loaded
// only if `connect` is ever called. test/unit/undici-http2.test.ts checks the constants against node:http2.
import { createRequire } from 'node:module';
import type * as Http2 from 'node:http2';

export const constants = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_REFUSED_STREAM: 7,
  NGHTTP2_CANCEL: 8,
};

export function connect(...args: unknown[]): Http2.ClientHttp2Session {
  const http2 = createRequire(import.meta.url)('node:http2') as typeof Http2;
  return (http2.connect as (...a: unknown[]) => Http2.ClientHttp2Session)(...args);
}
