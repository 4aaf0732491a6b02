// What a failed refresh means for the connection, decided from what the client can know: whether the
// service gave an OAuth answer, whether any HTTP answer arrived and with which status, and whether the
// request can have left at all. RFC 6749 §5.1 issues tokens only in a 200, so:
//
//   an OAuth error (§5.2)           the service refused: the refresh token did not rotate (invalid_grant:
//                                   the connection is gone)
//   any other answer that is not    no tokens were issued to us (a load balancer's 502/503 page, a 307,
//   a 200                           HTML): whatever happened behind it, we hold nothing newer than the
//                                   refresh token we sent, so it stays ours to present again
//   a 200 that cannot be read       the service issued new tokens and replaced the refresh token: the
//   (cut, invalid JSON, not a       connection is lost, and presenting the old token would be a reuse
//   token response)
//   no answer, request not sent     nothing happened (connection refused, no route, DNS)
//   no answer, request maybe sent   unknown (a connection closed, a timeout): see refresh-intent.ts
import type { OAuthErrorAnswer, ServerAnswer } from './oauth-client.js';

export type RefreshFailure =
  | { kind: 'refused'; answer: OAuthErrorAnswer }
  | { kind: 'not-issued'; status: number; what: string }
  | { kind: 'unreadable'; what: string }
  | { kind: 'not-sent'; reason: string }
  | { kind: 'lost'; reason: string };

function mediaType(contentType: string): string {
  return contentType.split(';')[0]?.trim() || 'no media type';
}

/** The kind of a refresh failure (see the table above). */
export function refreshFailure(
  answer: OAuthErrorAnswer | undefined,
  seen: ServerAnswer | undefined,
  transport: { reason: string; maybeSent: boolean },
): RefreshFailure {
  const refusal = answer ?? seen?.oauthError;
  if (refusal) return { kind: 'refused', answer: refusal };
  if (seen?.status === 200) {
    const what = seen.complete ? 'not a token response' : 'cut off';
    return { kind: 'unreadable', what: `200, ${mediaType(seen.contentType)}, ${what}` };
  }
  if (seen) return { kind: 'not-issued', status: seen.status, what: `${seen.status}, ${mediaType(seen.contentType)}` };
  return transport.maybeSent ? { kind: 'lost', reason: transport.reason } : { kind: 'not-sent', reason: transport.reason };
}
