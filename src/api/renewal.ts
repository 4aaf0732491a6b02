// The token a request is sent with, and its renewal after a 401: once per request, through the token
// source (src/auth/lifecycle.ts refreshes it at most once per token); a 401 that renewing does not cure
// is final, and the token source may replace the error thrown.
import type { ApiError } from '../errors.js';
import { answerError } from './answer.js';
import type { Answer } from './transport.js';

export interface TokenSource {
  /** A valid access token (the token lifecycle refreshes it first when it is about to expire). */
  accessToken(): Promise<string>;
  /**
   * The API refused `rejected` with 401: the token to try instead (the current one when `rejected` was
   * already replaced, else a refreshed one), or undefined when a 401 on it is final.
   */
  renew?(rejected: string): Promise<string | undefined>;
  /**
   * The API refused `token` with a 401 that renewing did not cure: the error to throw instead of `error`
   * (and, for the token source, to fail later requests with at once), or undefined to throw `error`.
   */
  refused?(token: string, error: ApiError): Error | undefined;
}

/** One request's token: the source's, then at most one renewed. */
export class Renewal {
  private renewed = false;

  private constructor(
    private readonly tokens: TokenSource,
    /** The token the next attempt is sent with. */
    public token: string,
  ) {}

  static async start(tokens: TokenSource): Promise<Renewal> {
    return new Renewal(tokens, await tokens.accessToken());
  }

  /** After a 401 to `token`: resolves once a renewed token is to be tried, or throws the refusal. */
  async after401(res: Answer): Promise<void> {
    const next = this.renewed ? undefined : await this.tokens.renew?.(this.token);
    this.renewed = true;
    if (next) {
      this.token = next;
      return;
    }
    const refused = answerError(res, undefined, undefined);
    throw this.tokens.refused?.(this.token, refused) ?? refused;
  }
}
