// The other way back from the browser: the address it was redirected to, pasted on standard input
// (for a browser on another machine, where 127.0.0.1 is not this one).
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * The callback URL in a pasted line: the whole address, or just its query. It is rebuilt on our own
 * redirect URI so that the token request names exactly the redirect_uri the authorization request did.
 * Undefined when the line carries neither a code nor an error.
 */
export function callbackFromPaste(line: string, redirectUri: string): URL | undefined {
  const text = line.trim();
  if (!text) return undefined;
  let params: URLSearchParams;
  try {
    params = /^https?:\/\//i.test(text) ? new URL(text).searchParams : new URLSearchParams(text.replace(/^[^?]*\?/, ''));
  } catch {
    return undefined;
  }
  if (!params.has('code') && !params.has('error')) return undefined;
  const url = new URL(redirectUri);
  url.search = params.toString();
  return url;
}

export interface PasteReader {
  /** Resolves with the first pasted callback; never rejects (ends of input just stop reading). */
  callback: Promise<URL>;
  stop(): void;
}

/** Reads lines from `input` until one is a callback address. */
export function readPastedCallback(input: Readable, redirectUri: string, onOther: () => void): PasteReader {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  let stopped = false;
  const callback = new Promise<URL>((resolve) => {
    lines.on('line', (line) => {
      if (stopped || !line.trim()) return;
      const url = callbackFromPaste(line, redirectUri);
      if (url) resolve(url);
      else onOther();
    });
  });
  return {
    callback,
    stop() {
      if (stopped) return;
      stopped = true;
      lines.close();
      // Standard input must not keep the process alive once sign-in is over.
      if (input === process.stdin) process.stdin.pause();
    },
  };
}
