// The sandbox's token responses carry extra parameters (RFC 6749 §5.1 allows them) naming the
// organization, the user and the workspace restriction, so `wts auth status` can show them.
import { describe, expect, it } from 'vitest';
import { refreshTokens, signIn } from '../helpers/auth.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });

describe('token response extras', () => {
  it('name the organization and the user, and no restriction when every workspace is shared', async () => {
    const tokens = (await signIn(sandbox.origin)) as unknown as Record<string, unknown>;
    expect(tokens).toMatchObject({
      organization: { id: 'org_acme', name: 'Acme Corp' },
      user: { id: 'usr_ada', name: 'Ada Lovelace', login: 'ada' },
      workspace_ids: null,
    });
  });

  it('list the workspaces chosen, and stay on refresh', async () => {
    const first = await signIn(sandbox.origin, { user: 'ada', org: 'globex', workspaceIds: ['ws_research'] });
    expect(first).toMatchObject({ organization: { id: 'org_globex', name: 'Globex' }, workspace_ids: ['ws_research'] });
    const refreshed = await refreshTokens(sandbox.origin, first.client, first.refresh_token!);
    expect(refreshed).toMatchObject({ organization: { id: 'org_globex' }, user: { login: 'ada' }, workspace_ids: ['ws_research'] });
  });
});
