// Type guards for data whose shape is not known at compile time (parsed JSON, files, what a library
// hands back as unknown), so code narrows it instead of asserting a type.

/** A plain object (not null, not an array), whose members are yet to be checked. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
