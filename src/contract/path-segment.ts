// Ids go into request paths: one check, used by the catalog for every operation's path parameters and by
// `wts api` for the paths typed whole. (No zod here: `wts api` loads this without the catalog's schemas.)

/** "." or "..", typed or percent-encoded ("%2e", ".%2E"): a segment that URL resolution removes, with the one before it. */
export function isDotSegment(segment: string): boolean {
  return /^(\.|%2e){1,2}$/i.test(segment);
}

/**
 * Why `value` cannot be sent as one segment of a request path, or undefined when it can. A dot segment is
 * resolved away (`/tasks/..` is `/`); `/` and `\` would add segments, `?` and `#` end the path, and `%`
 * would be read as an escape by a server that decodes twice: encoding them would send a path the
 * person did not mean, so such an id is refused before anything is sent.
 */
export function pathSegmentProblem(value: string): string | undefined {
  if (isDotSegment(value)) return `"${value}" is not an id: a dot segment would change the request's path`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return 'is not an id: an id cannot contain control characters';
  if (/[/\\?#%]/.test(value)) return `"${value}" is not an id: an id cannot contain / \\ ? # or %`;
  return undefined;
}
