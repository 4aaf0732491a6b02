// Client ID metadata documents: a client_id that is a URL names a JSON document describing the client.
// The fetch is defensive: no redirects, a size cap enforced while streaming, a timeout, and the
// document must name itself.
import { validateClientMetadata } from './client-metadata.js';
import { OAuthError } from './errors.js';
import type { ClientRec } from './state.js';

export const DOCUMENT_MAX_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const CACHE_TTL_MS = 60_000;

export class ClientIdDocumentError extends Error {}

/** True when the client_id is a URL, so a metadata document is expected there. */
export function isClientIdUrl(clientId: string): boolean {
  return clientId.startsWith('https://') || clientId.startsWith('http://');
}

/**
 * Why this URL cannot be a client ID, or undefined. https only; in the sandbox also http on 127.0.0.1,
 * so tests can host a document. The URL needs a path and no fragment, credentials or dot segments.
 */
function clientIdUrlProblem(clientId: string): string | undefined {
  if (clientId.length > 2000) return 'the client ID URL is too long';
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'the client ID is not a valid URL';
  }
  const sandboxLoopback = url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !sandboxLoopback) return 'a client ID URL must use https';
  if (url.username || url.password) return 'a client ID URL must not carry credentials';
  if (clientId.includes('#')) return 'a client ID URL must not have a fragment';
  if (url.pathname === '/') return 'a client ID URL must have a path';
  if (/\/\.{1,2}(\/|$|\?)/.test(clientId)) return 'a client ID URL must not contain . or .. path segments';
  return undefined;
}

/** Fetches and validates client metadata documents, keeping good ones for a minute. */
export class ClientIdDocuments {
  private readonly cache = new Map<string, { client: ClientRec; until: number }>();

  async resolve(clientId: string): Promise<ClientRec> {
    const cached = this.cache.get(clientId);
    if (cached && cached.until > Date.now()) return cached.client;
    this.cache.delete(clientId);
    const problem = clientIdUrlProblem(clientId);
    if (problem) throw new ClientIdDocumentError(problem);
    const document = await fetchDocument(clientId);
    let metadata;
    try {
      metadata = validateClientMetadata(document, { kind: 'document', url: clientId });
    } catch (err) {
      if (err instanceof OAuthError) throw new ClientIdDocumentError(`the client metadata document is invalid: ${err.description}`);
      throw err;
    }
    const client: ClientRec = { ...metadata, clientId, secretHash: null, issuedAt: Math.floor(Date.now() / 1000) };
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(clientId, { client, until: Date.now() + CACHE_TTL_MS });
    return client;
  }
}

async function fetchDocument(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'manual', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    throw new ClientIdDocumentError(
      `could not fetch the client metadata document: ${err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'connection failed'}`,
    );
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new ClientIdDocumentError('the client metadata document URL redirects; redirects are not followed');
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new ClientIdDocumentError(`fetching the client metadata document answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length'));
  if (declared > DOCUMENT_MAX_BYTES) {
    await res.body?.cancel();
    throw new ClientIdDocumentError(`the client metadata document is larger than ${DOCUMENT_MAX_BYTES} bytes`);
  }
  const text = await readCapped(res, DOCUMENT_MAX_BYTES);
  try {
    const document: unknown = JSON.parse(text);
    return document;
  } catch {
    throw new ClientIdDocumentError('the client metadata document is not JSON');
  }
}

/** Reads the body as a stream, aborting as soon as it grows past `limit` bytes. */
async function readCapped(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw new ClientIdDocumentError(`the client metadata document is larger than ${limit} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ClientIdDocumentError) throw err;
    throw new ClientIdDocumentError('reading the client metadata document failed or timed out');
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
