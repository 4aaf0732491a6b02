// Generated from the catalog's resources (src/contract/resources.ts) by test/unit/result-shapes.test.ts:
// UPDATE_RESULT_SHAPES=1 npx vitest run test/unit/result-shapes.test.ts. Do not edit.
import type { ResourceName } from './resources.js';
import type { Formats, Shape } from './shape.js';

/** The shape of each resource, as its zod schema gives it. */
export const RESULT_SHAPES: Record<ResourceName, Shape> = {
  Workspace: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      name: { type: 'string' },
      folderId: { type: 'nullable', of: { type: 'string' } },
      archived: { type: 'boolean' },
    },
  },
  Member: { type: 'object', fields: { id: { type: 'string', min: 1, max: 64 }, name: { type: 'string' }, email: { type: 'string' } } },
  Status: {
    type: 'object',
    fields: { key: { type: 'string', min: 1, max: 64 }, name: { type: 'string' }, position: { type: 'number', whole: true } },
  },
  Task: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      workspaceId: { type: 'string', min: 1, max: 64 },
      title: { type: 'string' },
      description: { type: 'string' },
      status: { type: 'string' },
      assignees: { type: 'array', of: { type: 'object', fields: { id: { type: 'string', min: 1, max: 64 }, name: { type: 'string' } } } },
      tags: { type: 'array', of: { type: 'string' } },
      dueDate: { type: 'nullable', of: { type: 'string', format: 'datetime' } },
      notes: {
        type: 'array',
        of: {
          type: 'object',
          fields: {
            id: { type: 'string', min: 1, max: 64 },
            content: { type: 'string' },
            author: { type: 'object', fields: { id: { type: 'string', min: 1, max: 64 }, name: { type: 'string' } } },
            createdAt: { type: 'string', format: 'datetime' },
          },
        },
      },
      conversationKey: { type: 'nullable', of: { type: 'string' } },
      createdAt: { type: 'string', format: 'datetime' },
      updatedAt: { type: 'string', format: 'datetime' },
    },
  },
  Event: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      taskId: { type: 'string', min: 1, max: 64 },
      kind: { type: 'string' },
      summary: { type: 'string' },
      actor: {
        type: 'object',
        fields: { kind: { type: 'oneOf', values: ['person', 'agent'] }, id: { type: 'string' }, name: { type: 'string' } },
      },
      createdAt: { type: 'string', format: 'datetime' },
    },
  },
  Message: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      author: {
        type: 'object',
        fields: { kind: { type: 'oneOf', values: ['person', 'agent'] }, id: { type: 'string' }, name: { type: 'string' } },
      },
      content: { type: 'string' },
      createdAt: { type: 'string', format: 'datetime' },
    },
  },
  Agent: {
    type: 'object',
    fields: { id: { type: 'string', min: 1, max: 64 }, name: { type: 'string' }, workspaceId: { type: 'string', min: 1, max: 64 } },
  },
  Run: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      taskId: { type: 'string', min: 1, max: 64 },
      agentId: { type: 'string', min: 1, max: 64 },
      state: { type: 'open', values: ['running', 'succeeded', 'failed'] },
      output: { type: 'string' },
      proposedActionIds: { type: 'array', of: { type: 'string', min: 1, max: 64 } },
      startedAt: { type: 'string', format: 'datetime' },
      finishedAt: { type: 'nullable', of: { type: 'string', format: 'datetime' } },
    },
  },
  PendingAction: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      taskId: { type: 'string', min: 1, max: 64 },
      kind: { type: 'open', values: ['action', 'human_task', 'question'] },
      state: { type: 'open', values: ['pending', 'approved', 'rejected', 'completed', 'answered'] },
      summary: { type: 'string' },
      draft: { type: 'record', of: { type: 'any' } },
      createdAt: { type: 'string', format: 'datetime' },
    },
  },
  Reminder: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      taskId: { type: 'string', min: 1, max: 64 },
      message: { type: 'string' },
      remindAt: { type: 'string', format: 'datetime' },
      state: { type: 'open', values: ['scheduled', 'fired', 'cancelled'] },
    },
  },
  HandbookEntry: {
    type: 'object',
    fields: { id: { type: 'string', min: 1, max: 64 }, title: { type: 'string' }, position: { type: 'number', whole: true } },
  },
  HandbookPiece: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      title: { type: 'string' },
      body: { type: 'string' },
      nextOffset: { type: 'nullable', of: { type: 'number', whole: true } },
    },
  },
  KnowledgeSource: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      name: { type: 'string' },
      note: { type: 'string' },
      url: { type: 'nullable', of: { type: 'string' } },
      fileName: { type: 'nullable', of: { type: 'string' } },
    },
  },
  ScheduledTask: {
    type: 'object',
    fields: {
      id: { type: 'string', min: 1, max: 64 },
      title: { type: 'string' },
      prompt: { type: 'string' },
      cron: { type: 'string' },
      timezone: { type: 'string' },
      workspaceId: { type: 'string', min: 1, max: 64 },
      agentId: { type: 'string', min: 1, max: 64 },
      state: { type: 'open', values: ['active', 'paused'] },
      nextRunAt: { type: 'nullable', of: { type: 'string', format: 'datetime' } },
      lastRun: {
        type: 'nullable',
        of: {
          type: 'object',
          fields: {
            id: { type: 'string', min: 1, max: 64 },
            state: { type: 'open', values: ['running', 'succeeded', 'failed'] },
            startedAt: { type: 'string', format: 'datetime' },
          },
        },
      },
    },
  },
  Deleted: { type: 'object', fields: { id: { type: 'string', min: 1, max: 64 }, deleted: { type: 'oneOf', values: [true] } } },
};

/** The pattern of each string format the resources use. */
export const FORMATS: Formats = {
  datetime:
    '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$',
};
