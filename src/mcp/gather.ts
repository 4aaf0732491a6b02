// My open tasks across workspaces, for the `my_open_tasks` tool: the service lists tasks by assignee one
// workspace at a time, so every workspace's listing walks its pages (walkPages, through the pool).
import { resultsOrThrow, runPool } from '../api/pool.js';
import type { Resource } from '../contract/resources.js';
import type { CommandContext } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { collectItems } from '../framework/listing.js';
import { me } from '../input/people.js';
import { byDueDate, DONE } from '../input/statuses.js';

type Task = Resource<'Task'>;

/** Workspaces listed at once. */
const WALKS = 8;

/** The tasks assigned to the signed-in user and not done, in `workspaceId` or every workspace, soonest due first. */
export async function myOpenTasks(ctx: CommandContext, workspaceId?: string): Promise<Task[]> {
  // @me's refusal names a command-line workaround; an assistant's user needs this one.
  if (ctx.env.WTS_TOKEN)
    throw new CliError('my_open_tasks needs to know who you are, which WTS_TOKEN does not say: sign in with `wts login`', ExitCode.signIn);
  const api = await ctx.api();
  const [myId, workspaceIds] = await Promise.all([
    me(ctx),
    workspaceId !== undefined ? [workspaceId] : collectItems(api.items('list_workspaces', { path: {} })).then((ws) => ws.map((w) => w.id)),
  ]);
  const perWorkspace = await runPool(
    workspaceIds,
    (id) => collectItems(api.items('list_tasks', { path: { workspaceId: id }, query: { assignee: myId } })),
    { stopOnFailure: true, max: WALKS },
  );
  return resultsOrThrow(perWorkspace)
    .flat()
    .filter((t) => t.status !== DONE)
    .sort(byDueDate);
}
