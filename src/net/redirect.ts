// An origin that answers with a redirect (an http origin moved to https, a host renamed) is named with where
// it points, for the user to give that as the origin: wts never follows a redirect with a token or a code.

/** Where a redirect points, as an origin: undefined when not one. */
export function redirectedOrigin(status: number, location: string | null | undefined, from: string): string | undefined {
  if (status < 300 || status > 399 || !location) return undefined;
  try {
    return new URL(location, from).origin;
  } catch {
    return undefined;
  }
}
