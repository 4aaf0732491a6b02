// Narrowing for JSON that comes from outside our own code: request bodies, cursors, client
// metadata documents, --data files, and the JSON Schema zod writes.

/** A JSON object (not null, not an array), its members not yet checked. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
