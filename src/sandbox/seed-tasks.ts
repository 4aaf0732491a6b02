// The seed's tasks, as data: seed-tasks.json holds each seeded workspace's tasks (their threads, notes,
// chat, runs, proposed actions and reminders) and the outside contacts their threads are with. Read once,
// checked against the shapes below (the seed builder, seed.ts, dates and links them); imported, so the
// bundle carries the file inside it.
import * as z from 'zod';
import file from './seed-tasks.json' with { type: 'json' };

export const LOGINS = ['ada', 'ben'] as const;
export type Login = (typeof LOGINS)[number];
const login = z.enum(LOGINS);

export type StatusKey = 'todo' | 'in_progress' | 'waiting' | 'done';
const statusKey = z.enum(['todo', 'in_progress', 'waiting', 'done']);

/** Someone outside the company: `address` is their email address or chat handle, and their author id. */
const contact = z.object({ name: z.string(), address: z.string() });

const speaker = z.enum([...LOGINS, 'agent', 'contact']);
export type Speaker = z.infer<typeof speaker>;

const thread = z.object({
  channel: z.enum(['email', 'chat']),
  key: z.string(),
  subject: z.string(),
  /** A key of the file's contacts. */
  contact: z.string(),
  /** The message that started the thread (before the task existed), then the replies that followed. */
  messages: z.array(z.tuple([speaker, z.string()])),
});

const action = z.object({
  id: z.string(),
  kind: z.enum(['action', 'human_task', 'question']),
  summary: z.string(),
  draft: z.record(z.string(), z.unknown()),
  resolved: z
    .object({
      state: z.enum(['approved', 'rejected', 'completed', 'answered']),
      by: login,
      /** The reason (rejected), note (completed) or answer (answered). */
      text: z.string().optional(),
      /** What the service did once an action was approved (the action.executed event). */
      executed: z.string().optional(),
    })
    .optional(),
});
export type ActionSeed = z.infer<typeof action>;

const run = z.object({
  id: z.string(),
  output: z.string(),
  failed: z.boolean().optional(),
  action: action.optional(),
  /** The agent's line in the task chat once the run finished. */
  chat: z.string().optional(),
  /** The run was started by this reminder firing. */
  firedReminder: z.object({ id: z.string(), message: z.string() }).optional(),
});
export type RunSeed = z.infer<typeof run>;

const task = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: statusKey,
  who: z.array(login).optional(),
  tags: z.array(z.string()).optional(),
  /** Hours before startMs that the task was created. */
  age: z.number(),
  /** Due date, in days from startMs (negative: overdue). */
  due: z.number().optional(),
  /** Who created it; a task with a thread is created by the agent from that thread. */
  by: login.optional(),
  thread: thread.optional(),
  notes: z.array(z.tuple([login, z.string()])).optional(),
  chat: z.array(z.tuple([z.enum([...LOGINS, 'agent']), z.string()])).optional(),
  runs: z.array(run).optional(),
  /** Reminders still ahead: in hours from startMs. */
  reminders: z.array(z.object({ id: z.string(), message: z.string(), inHours: z.number() })).optional(),
  /** Created by this scheduled task, whose run started at once and moved the task along. */
  scheduledTaskId: z.string().optional(),
});
export type TaskSeed = z.infer<typeof task>;
export type ThreadSeed = z.infer<typeof thread>;

const seedFile = z.object({
  contacts: z.record(z.string(), contact),
  ws_support: z.array(task),
  ws_sales: z.array(task),
  ws_ops: z.array(task),
  ws_research: z.array(task),
});

export interface SeedTasks {
  /** Each seeded workspace's tasks, by workspace id, in the order they are seeded. */
  byWorkspace: Readonly<Record<'ws_support' | 'ws_sales' | 'ws_ops' | 'ws_research', readonly TaskSeed[]>>;
  /** The contact a thread is with (the file names each by its key). */
  contactOf(thread: ThreadSeed): z.infer<typeof contact>;
}

let read: SeedTasks | undefined;

/** The seed's tasks, read from seed-tasks.json and checked on first use (a mistake there is the seed's: it throws). */
export function seedTasks(): SeedTasks {
  if (read) return read;
  const { contacts, ...byWorkspace } = seedFile.parse(file);
  read = {
    byWorkspace,
    contactOf(t) {
      const found = contacts[t.contact];
      if (!found) throw new Error(`the seed has no contact ${t.contact}`);
      return found;
    },
  };
  return read;
}
