// The sign-in, organization, consent and error pages: plain HTML and CSS, no script. Every value that
// came from a client or a user is escaped.

export interface PageUser {
  login: string;
  name: string;
  email: string;
}

export interface ClientSummary {
  name: string; // client_name, or the client_id when it has none
  clientId: string;
  redirectHost: string;
}

export interface ConsentView {
  action: string;
  organizationAction: string;
  client: ClientSummary;
  user: PageUser;
  organization: { name: string; slug: string };
  canChangeOrganization: boolean;
  scopes: { scope: string; description: string; checked: boolean }[];
  resources: { resource: string; name: string }[];
  workspaces: { id: string; name: string; checked: boolean }[];
  restricted: boolean;
  error?: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** Headers every page carries: no caching, no framing, no script. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

const STYLE = `
  :root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6474; --line: #d9dde5; --card: #fff; --bg: #f3f5f9; --accent: #2f5fd0; --danger: #b42318; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3abba; --line: #394150; --card: #1c212b; --bg: #12161d; --accent: #7aa2ff; --danger: #ff8a80; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
  main { max-width: 34rem; margin: 3rem auto; padding: 2rem; background: var(--card); border: 1px solid var(--line); border-radius: 12px; }
  header { font-size: 0.8rem; letter-spacing: 0.06em; text-transform: uppercase; color: var(--muted); margin-bottom: 1rem; }
  h1 { font-size: 1.35rem; margin: 0 0 0.5rem; }
  p { margin: 0.5rem 0; }
  .muted { color: var(--muted); font-size: 0.9rem; }
  .error { color: var(--danger); font-weight: 600; }
  fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 1.25rem 0; padding: 0.75rem 1rem; }
  legend { font-weight: 600; padding: 0 0.25rem; }
  label { display: flex; gap: 0.6rem; align-items: flex-start; padding: 0.35rem 0; cursor: pointer; }
  label input { margin-top: 0.3rem; }
  label span small { display: block; color: var(--muted); }
  .indent { margin-left: 1.6rem; }
  code { font-size: 0.85rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  .choices { display: grid; gap: 0.6rem; margin-top: 1.25rem; }
  button { font: inherit; padding: 0.6rem 1.1rem; border-radius: 8px; border: 1px solid var(--line); background: transparent; color: var(--fg); cursor: pointer; text-align: left; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  button.link { padding: 0; border: 0; color: var(--accent); text-decoration: underline; font-size: 0.9rem; }
  button:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Workspace Task Service</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>Workspace Task Service · sandbox</header>
${body}
</main>
</body>
</html>
`;
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p class="error">${escapeHtml(message)}</p>\n<p class="muted">You were not sent back to the application. Close this page and start signing in again from the application.</p>`,
  );
}

function requester(client: ClientSummary): string {
  return `<p><strong>${escapeHtml(client.name)}</strong> wants to access your Workspace Task Service account.</p>
<p class="muted">Client ID <code>${escapeHtml(client.clientId)}</code> · you will return to <code>${escapeHtml(client.redirectHost)}</code></p>`;
}

export function signInPage(action: string, client: ClientSummary, users: PageUser[]): string {
  const buttons = users
    .map(
      (u) =>
        `<button type="submit" name="user" value="${escapeHtml(u.login)}">Sign in as ${escapeHtml(u.name)}<br><small class="muted">${escapeHtml(u.email)}</small></button>`,
    )
    .join('\n');
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${requester(client)}
<p class="muted">This is a sandbox: pick a demo user, no password needed.</p>
<form method="post" action="${escapeHtml(action)}" class="choices">
${buttons}
</form>`,
  );
}

export function organizationPage(
  action: string,
  client: ClientSummary,
  user: PageUser,
  organizations: { slug: string; name: string }[],
): string {
  const buttons = organizations
    .map((o) => `<button type="submit" name="org" value="${escapeHtml(o.slug)}">${escapeHtml(o.name)}</button>`)
    .join('\n');
  return layout(
    'Choose an organization',
    `<h1>Choose an organization</h1>
${requester(client)}
<p>Signed in as ${escapeHtml(user.name)}. Which organization should the application work in?</p>
<form method="post" action="${escapeHtml(action)}" class="choices">
${buttons}
</form>`,
  );
}

export function consentPage(v: ConsentView): string {
  const scopes = v.scopes
    .map(
      (s) => `<label><input type="checkbox" name="scope" value="${escapeHtml(s.scope)}"${s.checked ? ' checked' : ''}>
<span><code>${escapeHtml(s.scope)}</code><small>${escapeHtml(s.description)}</small></span></label>`,
    )
    .join('\n');
  const workspaces = v.workspaces
    .map(
      (w) =>
        `<label class="indent"><input type="checkbox" name="workspace" value="${escapeHtml(w.id)}"${w.checked ? ' checked' : ''}><span>${escapeHtml(w.name)}</span></label>`,
    )
    .join('\n');
  const resources = v.resources.map((r) => `${escapeHtml(r.name)} (<code>${escapeHtml(r.resource)}</code>)`).join(', ');
  const organization = `Signed in as <strong>${escapeHtml(v.user.name)}</strong> (${escapeHtml(v.user.email)}) in <strong>${escapeHtml(v.organization.name)}</strong>.`;
  // A form of its own, so that Enter in the consent form never means "change organization".
  const changeOrganization = v.canChangeOrganization
    ? `<form method="post" action="${escapeHtml(v.organizationAction)}"><p>${organization} <button type="submit" name="org" value="" class="link">Change organization</button></p></form>`
    : `<p>${organization}</p>`;
  return layout(
    'Allow access',
    `<h1>Allow access?</h1>
${requester(v.client)}
${changeOrganization}
<p class="muted">For: ${resources}</p>
${v.error ? `<p class="error" role="alert">${escapeHtml(v.error)}</p>` : ''}
<form method="post" action="${escapeHtml(v.action)}">
<fieldset>
<legend>Permissions</legend>
${scopes}
</fieldset>
<fieldset>
<legend>Workspaces</legend>
<label><input type="radio" name="workspaces" value="all"${v.restricted ? '' : ' checked'}><span>All workspaces<small>Every workspace of ${escapeHtml(v.organization.name)} you can open, including new ones</small></span></label>
<label><input type="radio" name="workspaces" value="some"${v.restricted ? ' checked' : ''}><span>Only these workspaces:</span></label>
${workspaces}
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="approve" class="primary">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
  );
}
