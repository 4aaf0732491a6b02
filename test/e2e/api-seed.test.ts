// Every record of the demo data reads back through /api/v1 in its exact wire shape: walks each listing
// (every page) and each read, for both of ada's organizations, validating with the strict schemas.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  Agent,
  Event,
  HandbookEntry,
  HandbookPiece,
  KnowledgeSource,
  Member,
  Message,
  PendingAction,
  Reminder,
  Run,
  ScheduledTask,
  Status,
  Task,
  Workspace,
} from '../../src/contract/resources.js';
import { signIn } from '../helpers/auth.js';
import { apiAs, pageOf, type Api } from '../helpers/api.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';

const sandbox = useSandbox({ signIn: false });

/** Every item of a cursor listing, with no id twice. */
async function all<T extends z.ZodType>(api: Api, path: string, item: T, query: Record<string, string> = {}): Promise<z.output<T>[]> {
  const items: z.output<T>[] = [];
  let cursor: string | null = null;
  do {
    const page = pageOf(item, 'cursor').parse(await api.ok('GET', path, { query: cursor ? { ...query, cursor } : query }));
    items.push(...(page.items as z.output<T>[]));
    cursor = page.nextCursor;
  } while (cursor);
  expect(new Set(items.map((i) => (i as { id: string }).id)).size).toBe(items.length);
  return items;
}

async function readEverything(api: Api): Promise<{ tasks: number; sections: number }> {
  let tasks = 0;
  let sections = 0;
  const workspaces = pageOf(Workspace.strict()).parse(await api.ok('GET', '/workspaces')).items;
  for (const ws of workspaces) {
    pageOf(Member.strict()).parse(await api.ok('GET', `/workspaces/${ws.id}/members`));
    pageOf(Status.strict()).parse(await api.ok('GET', `/workspaces/${ws.id}/statuses`));
    for (const task of await all(api, `/workspaces/${ws.id}/tasks`, Task.strict(), { limit: '50' })) {
      tasks += 1;
      expect(Task.strict().parse(await api.ok('GET', `/tasks/${task.id}`))).toEqual(task);
      await all(api, `/tasks/${task.id}/events`, Event.strict());
      await all(api, `/tasks/${task.id}/messages`, Message.strict());
      if (task.conversationKey)
        await all(api, `/tasks/${task.id}/conversation`, Message.strict(), { conversationKey: task.conversationKey });
      for (const run of await all(api, `/tasks/${task.id}/runs`, Run.strict())) Run.strict().parse(await api.ok('GET', `/runs/${run.id}`));
      for (const action of pageOf(PendingAction.strict()).parse(await api.ok('GET', `/tasks/${task.id}/pending-actions`)).items) {
        expect(action.state).toBe('pending');
        PendingAction.strict().parse(await api.ok('GET', `/pending-actions/${action.id}`));
      }
      pageOf(Reminder.strict()).parse(await api.ok('GET', `/tasks/${task.id}/reminders`));
    }
  }
  for (const agent of pageOf(Agent.strict()).parse(await api.ok('GET', '/agents')).items) {
    for (const entry of pageOf(HandbookEntry.strict()).parse(await api.ok('GET', `/agents/${agent.id}/instructions`)).items) {
      sections += 1;
      await readWhole(api, `/agent-instructions/${entry.id}`);
    }
  }
  for (const entry of pageOf(HandbookEntry.strict()).parse(await api.ok('GET', '/company-handbook')).items) {
    sections += 1;
    await readWhole(api, `/company-handbook/${entry.id}`);
  }
  for (const source of pageOf(KnowledgeSource.strict()).parse(await api.ok('GET', '/knowledge-sources')).items) {
    expect(KnowledgeSource.strict().parse(await api.ok('GET', `/knowledge-sources/${source.id}`))).toEqual(source);
  }
  for (const schedule of pageOf(ScheduledTask.strict()).parse(await api.ok('GET', '/scheduled-tasks')).items) {
    ScheduledTask.strict().parse(await api.ok('GET', `/scheduled-tasks/${schedule.id}`));
    await all(api, `/scheduled-tasks/${schedule.id}/runs`, Run.strict());
  }
  return { tasks, sections };
}

/** Reads an entry piece by piece, following nextOffset. */
async function readWhole(api: Api, path: string): Promise<string> {
  let body = '';
  let offset: number | null = 0;
  while (offset !== null) {
    const piece: z.output<typeof HandbookPiece> = HandbookPiece.strict().parse(await api.ok('GET', path, { query: { offset } }));
    expect(piece.body.length).toBeLessThanOrEqual(2000);
    body += piece.body;
    offset = piece.nextOffset;
  }
  return body;
}

describe('the demo data', () => {
  it('reads back in its wire shapes for ada in acme', async () => {
    const ada = apiAs(sandbox.origin, (await signIn(sandbox.origin)).access_token);
    const { tasks } = await readEverything(ada);
    expect(tasks).toBeGreaterThanOrEqual(60);
  });

  it('reads back in its wire shapes for ada in globex and for ben', async () => {
    await readEverything(apiAs(sandbox.origin, (await signIn(sandbox.origin, { org: 'globex' })).access_token));
    await readEverything(apiAs(sandbox.origin, (await signIn(sandbox.origin, { user: 'ben' })).access_token));
  });
});
