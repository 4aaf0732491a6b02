// Token and revocation requests are application/x-www-form-urlencoded (RFC 6749 §3.2, RFC 7009 §2.1).
import { OAuthError } from './errors.js';

/** Parameters that may be repeated; every other one must appear at most once (RFC 6749 §3.2). */
const REPEATABLE = new Set(['resource']);

/** The media type of a Content-Type header, without its parameters, in lower case ("" when there is none). */
export function mediaTypeOf(contentType: string | null | undefined): string {
  const [type = ''] = (contentType ?? '').split(';');
  return type.trim().toLowerCase();
}

export async function readForm(req: Request): Promise<URLSearchParams> {
  if (mediaTypeOf(req.headers.get('content-type')) !== 'application/x-www-form-urlencoded')
    throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded');
  const form = new URLSearchParams(await req.text());
  const seen = new Set<string>();
  for (const key of form.keys()) {
    if (seen.has(key) && !REPEATABLE.has(key)) throw new OAuthError('invalid_request', `parameter ${key} is repeated`);
    seen.add(key);
  }
  return form;
}

/** A parameter's value; an empty value counts as absent (RFC 6749 §3.1). */
export function param(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name);
  return value === null || value === '' ? undefined : value;
}

/** A parameter that must be there. */
export function requiredParam(form: URLSearchParams, name: string): string {
  const value = param(form, name);
  if (value === undefined) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

/** Every value of a repeatable parameter, empty ones dropped, duplicates removed. */
export function repeatedParam(form: URLSearchParams, name: string): string[] {
  return [...new Set(form.getAll(name).filter((v) => v !== ''))];
}
