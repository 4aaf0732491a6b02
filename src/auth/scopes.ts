// The scopes `wts login` asks for: the API's five (from the catalog) and offline_access, for a refresh token.
import { OFFLINE_ACCESS, SCOPES } from '../contract/operations.js';
import { CliError, ExitCode } from '../errors.js';

export const DEFAULT_SCOPES: string[] = [...SCOPES, OFFLINE_ACCESS];

/** --scopes values, each space- or comma-separated, in order and without repeats; unknown ones refused. */
export function parseScopes(values: string[]): string[] {
  const scopes = [...new Set(values.flatMap((v) => v.split(/[\s,]+/)).filter(Boolean))];
  const unknown = scopes.find((s) => !DEFAULT_SCOPES.includes(s));
  if (unknown !== undefined) throw new CliError(`--scopes: unknown scope ${unknown} (known: ${DEFAULT_SCOPES.join(', ')})`, ExitCode.usage);
  if (scopes.length === 0) throw new CliError('--scopes: give at least one scope', ExitCode.usage);
  return scopes;
}
