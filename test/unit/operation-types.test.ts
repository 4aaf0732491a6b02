// The catalog's types, checked by the type checker (`npm run typecheck` covers test/): what a caller
// passes to an operation (path, query, body), what it gets back, and the pairs of an operation and its
// path field. A wrong field is a type error (@ts-expect-error fails the check when it is not one).
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import type {
  OperationArgs,
  OperationField,
  OperationInput,
  OperationItem,
  OperationResult,
  Page,
  PathField,
} from '../../src/contract/operations.js';
import type { Resource } from '../../src/contract/resources.js';
import type { SettingKey } from '../../src/config.js';
import type { RecordedListing } from '../../src/completion/ids.js';

describe("the catalog's input types", () => {
  it('types the path of an operation', () => {
    expectTypeOf<OperationArgs<'get_task'>['path']>().toEqualTypeOf<{ taskId: string }>();
    expectTypeOf<OperationArgs<'list_workspaces'>['path']>().toEqualTypeOf<Record<string, never>>();
    expectTypeOf<PathField<'get_task'>>().toEqualTypeOf<'taskId'>();
    expectTypeOf<PathField<'list_workspace_members'>>().toEqualTypeOf<'workspaceId'>();
  });

  it('types the query: defaulted fields optional to a caller, present once checked', () => {
    expectTypeOf<NonNullable<OperationArgs<'list_tasks'>['query']>>().toHaveProperty('status').toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<OperationArgs<'list_tasks'>['query']>>().toHaveProperty('limit').toEqualTypeOf<number | undefined>();
    expectTypeOf<OperationInput<'list_tasks'>['query']>().toHaveProperty('limit').toEqualTypeOf<number>();
  });

  it('types the body', () => {
    expectTypeOf<NonNullable<OperationArgs<'update_task'>['body']>>().toHaveProperty('title').toEqualTypeOf<string | undefined>();
    expectTypeOf<OperationInput<'update_task'>['body']>().toHaveProperty('dueDate');
  });

  it('refuses a field the operation does not have', () => {
    // @ts-expect-error: get_task's path field is taskId
    const path: OperationArgs<'get_task'>['path'] = { taskID: 'task_1' };
    // @ts-expect-error: update_task's body has no `name`
    const body: NonNullable<OperationArgs<'update_task'>['body']> = { name: 'x' };
    // @ts-expect-error: list_tasks takes no `sort`
    const query: NonNullable<OperationArgs<'list_tasks'>['query']> = { sort: 'title' };
    expectTypeOf([path, body, query]).not.toBeNever();
  });

  it('pairs an operation with its own path fields only', () => {
    expectTypeOf<{ operation: 'complete_task'; field: 'taskId' }>().toExtend<OperationField>();
    expectTypeOf<{ operation: 'cancel_reminder'; field: 'taskId' }>().not.toExtend<OperationField>();
    expectTypeOf<{ operation: 'complete_task'; field: 'taskid' }>().not.toExtend<OperationField>();
  });
});

describe("the catalog's result types", () => {
  it('is the resource for an object, a page of it for a listing', () => {
    expectTypeOf<OperationResult<'get_task'>>().toEqualTypeOf<Resource<'Task'>>();
    expectTypeOf<OperationResult<'list_tasks'>>().toEqualTypeOf<Page<Resource<'Task'>>>();
    expectTypeOf<OperationItem<'list_workspaces'>>().toEqualTypeOf<Resource<'Workspace'>>();
    expectTypeOf<Resource<'Task'>>().toHaveProperty('id').toEqualTypeOf<string>();
  });

  it("is what the client's call returns", () => {
    expectTypeOf<ApiClient['call']>().toBeFunction();
    type Called = Awaited<ReturnType<typeof callGetTask>>;
    expectTypeOf<Called>().toEqualTypeOf<Resource<'Task'>>();
  });
});

describe('names keyed by the catalog', () => {
  it('settings and recorded listings are unions, not strings', () => {
    expectTypeOf<SettingKey>().toEqualTypeOf<
      'workspace' | 'editor' | 'pager' | 'browser' | 'dash.refresh' | 'accessible' | 'wire-names' | 'openapi-url'
    >();
    expectTypeOf<'list_tasks'>().toExtend<RecordedListing>();
    expectTypeOf<'get_task'>().not.toExtend<RecordedListing>();
  });
});

/** Never run: its return type is what ApiClient.call gives for get_task. */
function callGetTask(api: ApiClient) {
  return api.call('get_task', { path: { taskId: 'task_1' } });
}
