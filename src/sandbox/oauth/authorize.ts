// GET /oauth/authorize and the pages that follow it: sign in as a demo user, pick an organization,
// approve (possibly fewer) scopes and restrict workspaces, then back to the client with a code.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SCOPE_WORDS } from '../../contract/operations.js';
import type { SandboxContext } from '../context.js';
import type { Organization, User } from '../model.js';
import { authorizationRedirect, validateAuthorizationRequest, type AuthorizationRequest } from './authorization-request.js';
import type { ClientDirectory } from './clients.js';
import { clearCookie, INTERACTION_COOKIE, pathOf, type Interaction, type Interactions } from './interactions.js';
import type { Ledger } from './ledger.js';
import { mediaTypeOf } from './form.js';
import type { ResourcePath } from './metadata.js';
import { consentPage, errorPage, organizationPage, PAGE_HEADERS, signInPage, type ClientSummary, type PageUser } from './pages.js';

/** What the consent page says of each scope (the catalog's words). */
const SCOPE_ASKS = new Map(Object.entries(SCOPE_WORDS).map(([scope, words]) => [scope, words.asks]));

const RESOURCE_NAMES: Record<ResourcePath, string> = { '/api/v1': 'the API', '/mcp': 'the tool server' };

export class AuthorizationPages {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly clients: ClientDirectory,
    private readonly ledger: Ledger,
    private readonly interactions: Interactions,
  ) {}

  async authorize(c: Context): Promise<Response> {
    const validation = await validateAuthorizationRequest(this.ctx, this.clients, new URL(c.req.url).searchParams);
    if (validation.kind === 'page') return page(400, errorPage(validation.title, validation.message));
    if (validation.kind === 'redirect') return redirect(302, validation.location);
    const request = validation.request;

    if (this.ctx.autoApprove !== null) return this.autoApprove(request, this.ctx.autoApprove);
    const { interaction, setCookie } = this.interactions.start(request);
    return redirect(302, pathOf(interaction.id), { 'set-cookie': setCookie });
  }

  /** --auto-approve: as that user, in the user's first organization, every workspace, the scopes requested. */
  private autoApprove(request: AuthorizationRequest, login: string): Response {
    const user = this.users().find((u) => u.login === login);
    const org = user && this.organizationsOf(user)[0];
    if (!user || !org)
      return page(500, errorPage('Auto-approval failed', `The auto-approve user ${login} does not exist or belongs to no organization.`));
    return redirect(302, this.approve(request, user.id, org.id, request.scopes, null));
  }

  show(c: Context): Response {
    const interaction = this.interaction(c);
    if (!interaction) return expiredPage();
    return this.render(interaction);
  }

  async signIn(c: Context): Promise<Response> {
    const interaction = this.interaction(c);
    if (!interaction) return expiredPage();
    const form = await readPageForm(c);
    const user = this.users().find((u) => u.login === form.get('user'));
    if (!user) return this.render(interaction, 400);
    const organizations = this.organizationsOf(user);
    if (organizations.length === 0)
      return page(403, errorPage('No organization', `${user.name} belongs to no organization, so there is nothing to grant access to.`));
    interaction.userId = user.id;
    const [only] = organizations;
    interaction.orgId = organizations.length === 1 && only ? only.id : null;
    return redirect(303, pathOf(interaction.id));
  }

  async chooseOrganization(c: Context): Promise<Response> {
    const interaction = this.interaction(c);
    if (!interaction) return expiredPage();
    const user = this.userOf(interaction);
    if (!user) return redirect(303, pathOf(interaction.id));
    const choice = (await readPageForm(c)).get('org') ?? '';
    if (choice === '') {
      interaction.orgId = null; // "Change organization"
      return redirect(303, pathOf(interaction.id));
    }
    const org = this.organizationsOf(user).find((o) => o.slug === choice || o.id === choice);
    if (!org) return this.render(interaction, 400);
    interaction.orgId = org.id;
    return redirect(303, pathOf(interaction.id));
  }

  async consent(c: Context): Promise<Response> {
    const interaction = this.interaction(c);
    if (!interaction) return expiredPage();
    const user = this.userOf(interaction);
    const org = user && this.organizationsOf(user).find((o) => o.id === interaction.orgId);
    if (!user || !org) return redirect(303, pathOf(interaction.id));
    const { request } = interaction;
    const form = await readPageForm(c);

    const decision = form.get('decision');
    if (decision === 'deny') {
      this.interactions.finish(interaction);
      const location = authorizationRedirect(request.redirectUri, this.ctx.origin, {
        error: 'access_denied',
        error_description: 'the user denied access',
        state: request.state,
      });
      return redirect(303, location, { 'set-cookie': clearCookie(interaction.id) });
    }

    const scopes = [...new Set(form.getAll('scope'))];
    const restricted = form.get('workspaces') === 'some';
    const workspaceIds = [...new Set(form.getAll('workspace'))];
    const selectable = this.selectableWorkspaces(user, org).map((w) => w.id);
    const chosen = { scopes, restricted, workspaceIds };
    if (decision !== 'approve') return this.render(interaction, 400, 'Choose Approve or Deny.', chosen);
    if (scopes.some((s) => !request.scopes.includes(s)))
      return this.render(interaction, 400, 'Only the permissions the application asked for can be granted.', chosen);
    if (scopes.length === 0) return this.render(interaction, 400, 'Leave at least one permission checked, or choose Deny.', chosen);
    if (restricted && workspaceIds.length === 0)
      return this.render(interaction, 400, 'Choose at least one workspace, or All workspaces.', chosen);
    if (restricted && workspaceIds.some((w) => !selectable.includes(w)))
      return this.render(interaction, 400, 'That workspace cannot be shared.', chosen);

    this.interactions.finish(interaction);
    return redirect(303, this.approve(request, user.id, org.id, scopes, restricted ? workspaceIds : null), {
      'set-cookie': clearCookie(interaction.id),
    });
  }

  /** Issues the code for what was approved; returns the redirect that carries it to the client. */
  private approve(request: AuthorizationRequest, userId: string, orgId: string, scopes: string[], workspaceIds: string[] | null): string {
    const code = this.ledger.issueCode({
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      resources: request.resources,
      scopes: request.scopes.filter((s) => scopes.includes(s)),
      userId,
      orgId,
      workspaceIds,
    });
    return authorizationRedirect(request.redirectUri, this.ctx.origin, { code, state: request.state });
  }

  /** The page for the step the interaction is at. */
  private render(
    interaction: Interaction,
    status = 200,
    error?: string,
    chosen?: { scopes: string[]; restricted: boolean; workspaceIds: string[] },
  ): Response {
    const { request } = interaction;
    const action = pathOf(interaction.id);
    const client = clientSummary(request);
    const user = this.userOf(interaction);
    if (!user) return page(status, signInPage(`${action}/login`, client, this.users().map(pageUser)));
    const organizations = this.organizationsOf(user);
    const org = organizations.find((o) => o.id === interaction.orgId);
    if (!org) return page(status, organizationPage(`${action}/organization`, client, pageUser(user), organizations));
    const checkedScopes = chosen?.scopes ?? request.scopes;
    const view = {
      action: `${action}/consent`,
      organizationAction: `${action}/organization`,
      client,
      user: pageUser(user),
      organization: org,
      canChangeOrganization: organizations.length > 1,
      scopes: request.scopes.map((scope) => ({
        scope,
        description: SCOPE_ASKS.get(scope) ?? scope,
        checked: checkedScopes.includes(scope),
      })),
      resources: request.resources.map((path) => ({ resource: `${this.ctx.origin}${path}`, name: RESOURCE_NAMES[path] })),
      workspaces: this.selectableWorkspaces(user, org).map((w) => ({
        id: w.id,
        name: w.name,
        checked: chosen?.workspaceIds.includes(w.id) ?? false,
      })),
      restricted: chosen?.restricted ?? false,
      ...(error ? { error } : {}),
    };
    return page(status, consentPage(view));
  }

  private interaction(c: Context): Interaction | undefined {
    return this.interactions.find(c.req.param('id') ?? '', getCookie(c, INTERACTION_COOKIE));
  }

  private users(): User[] {
    return this.ctx.store.state.data.users;
  }

  private userOf(interaction: Interaction): User | undefined {
    return interaction.userId === null ? undefined : this.users().find((u) => u.id === interaction.userId);
  }

  private organizationsOf(user: User): Organization[] {
    return this.ctx.store.state.data.organizations.filter((o) => o.memberIds.includes(user.id));
  }

  /** Workspaces the user may share: the organization's non-archived ones the user is a member of. */
  private selectableWorkspaces(user: User, org: Organization) {
    return this.ctx.store.state.data.workspaces.filter((w) => w.orgId === org.id && !w.archived && w.memberIds.includes(user.id));
  }
}

function clientSummary(request: AuthorizationRequest): ClientSummary {
  let redirectHost: string;
  try {
    const url = new URL(request.redirectUri);
    redirectHost = url.host || url.protocol;
  } catch {
    redirectHost = request.redirectUri;
  }
  return { name: request.client.clientName ?? request.client.clientId, clientId: request.client.clientId, redirectHost };
}

function pageUser(user: User): PageUser {
  return { login: user.login, name: user.name, email: user.email };
}

async function readPageForm(c: Context): Promise<URLSearchParams> {
  return mediaTypeOf(c.req.header('content-type')) === 'application/x-www-form-urlencoded'
    ? new URLSearchParams(await c.req.text())
    : new URLSearchParams();
}

function expiredPage(): Response {
  return page(
    400,
    errorPage('This sign-in has expired', 'This sign-in page has expired, was already used, or was opened in another browser.'),
  );
}

export function page(status: number, html: string, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { ...PAGE_HEADERS, ...headers } });
}

function redirect(status: 302 | 303, location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { location, 'cache-control': 'no-store', ...headers } });
}
