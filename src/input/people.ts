// People as people name them: a user id, a name (or a part of it: "ben"), an email, or @me (the signed-in
// user, as the token response named them: see `wts auth status`), resolved against a workspace's members.
import type { ApiClient } from '../api/client.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { pipeField } from '../output/sanitize.js';

type Member = Resource<'Member'>;

/** Splits repeated, comma-separated option values: `--add ada,ben --add cy` gives [ada, ben, cy]. */
export function collectList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}

/**
 * Splits repeated, comma-separated filter values as typed, a blank one kept (`--tag billing,` gives
 * [billing, ""]) so that the check of each value refuses it by name rather than dropping it.
 */
export function collectValues(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((v) => v.trim())];
}

/** The signed-in user's id, from the credentials `wts login` stored (@me); exit 2 when it is not known. */
export async function me(ctx: CommandContext): Promise<string> {
  if (ctx.env.WTS_TOKEN)
    throw new CliError('@me: with WTS_TOKEN wts does not know who you are; name yourself by id, name or email', ExitCode.usage);
  const { openConnection } = await import('../auth/connection.js');
  const user = (await openConnection(ctx)).lifecycle.credentials.user;
  if (!user)
    throw new CliError(
      '@me: the sign-in did not say who you are (see `wts auth status`); name yourself by id, name or email',
      ExitCode.usage,
    );
  return user.id;
}

const describe = (m: Member) => `${m.name} (${m.id}, ${m.email})`;

/** The member `typed` names: exact id, email or name first, then a whole word of a name ("ben" for "Ben Okafor"). */
export function matchMember(typed: string, members: readonly Member[], label: string): Member {
  const word = typed.trim().toLowerCase();
  const exact = members.filter((m) => m.id.toLowerCase() === word || m.email.toLowerCase() === word || m.name.toLowerCase() === word);
  const found =
    exact.length > 0
      ? exact
      : members.filter((m) => m.name.toLowerCase().split(/\s+/).includes(word) || m.email.toLowerCase().split('@')[0] === word);
  const [only] = found;
  if (found.length === 1 && only) return only;
  if (found.length > 1) {
    throw new CliError(
      `${label}: "${pipeField(typed)}" matches ${found.length} people: ${found.map(describe).join('; ')}; name one by id or email`,
      ExitCode.usage,
    );
  }
  const list = members.length <= 12 ? `; the members are ${members.map(describe).join('; ')}` : '; see `wts workspace members WS`';
  throw new CliError(`${label}: nobody in this workspace is "${pipeField(typed)}"${list}`, ExitCode.usage);
}

/** Resolves people against the members of a workspace (fetched once, only when a name needs it). */
export class PeopleResolver {
  private members: Promise<Member[]> | undefined;

  constructor(
    private readonly ctx: CommandContext,
    private readonly api: ApiClient,
    private readonly workspaceId: string,
  ) {}

  memberList(): Promise<Member[]> {
    this.members ??= (async () => {
      const out: Member[] = [];
      for await (const m of this.api.items('list_workspace_members', { path: { workspaceId: this.workspaceId } })) out.push(m);
      return out;
    })();
    return this.members;
  }

  /** The member a text names; `label` is the flag or argument, for errors. */
  async resolve(typed: string, label: string): Promise<Member> {
    const members = await this.memberList();
    if (typed.trim().toLowerCase() === '@me') {
      const id = await me(this.ctx);
      const member = members.find((m) => m.id === id);
      if (!member) throw new CliError(`${label}: you (${id}) are not a member of ${this.workspaceId}`, ExitCode.usage);
      return member;
    }
    return matchMember(typed, members, label);
  }
}
