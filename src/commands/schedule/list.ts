// wts schedule list: list the scheduled tasks: when they run, timezone, state, next and last run
import type { Command } from 'commander';
import { cronSentence } from '../../contract/cron.js';
import { stateText } from '../../output/format.js';
import { printItems } from '../../output/list.js';
import type { Column } from '../../output/table.js';
import { verb, type CliDeps } from '../../framework/verb.js';
import type { Schedule } from './shared.js';
import { FIELDS, nextRun, lastRun } from './shared.js';

/** A local time as the next run shows it (`2026-11-30 07:00`); the column keeps it and a … after it. */
const LOCAL_TIME_WIDTH = 16;

export function registerList(group: Command, deps: CliDeps): Command {
  return verb(group, deps, {
    name: 'list',
    lists: 'list_scheduled_tasks',
    pages: true,
    description: 'list the scheduled tasks: when they run, timezone, state, next and last run',
    fields: FIELDS,
    examples: ['wts schedule list', 'wts schedule list --json', 'wts schedule list | cut -f1,3   # id and cron, tab-separated'],
    async run({ ctx }) {
      const api = await ctx.api();
      const id: Column<Schedule> = { header: 'ID', value: (s) => s.id, role: 'id' };
      // What a narrow terminal keeps: the id, the title, the state and when it next runs (its local time at
      // least); the timezone, last run and sentence go first, then the id is cut, the title last.
      const title: Column<Schedule> = { header: 'Title', value: (s) => s.title, flex: true, min: 16, role: 'title' };
      const timezone: Column<Schedule> = { header: 'Timezone', value: (s) => s.timezone, flex: true, min: 8, priority: 1 };
      const state: Column<Schedule> = { header: 'State', value: (s) => stateText(ctx.chalk, s.state) };
      const next: Column<Schedule> = {
        header: 'Next run',
        value: (s, mode) => nextRun(ctx, s, mode),
        flex: true,
        min: LOCAL_TIME_WIDTH + 1,
      };
      const last: Column<Schedule> = { header: 'Last run', value: (s, mode) => lastRun(ctx, s, mode), priority: 2 };
      // People read the schedule as a sentence; piped, the columns stay the ones scripts already cut (the cron).
      const columns: Column<Schedule>[] = ctx.io.isStdoutTTY
        ? [
            id,
            title,
            { header: 'Schedule', value: (s) => cronSentence(s.cron), flex: true, min: 12, priority: 3 },
            timezone,
            state,
            next,
            last,
          ]
        : [id, title, { header: 'Cron', value: (s) => s.cron, priority: 3 }, timezone, state, next, last];
      await printItems(ctx, api.items('list_scheduled_tasks', { path: {} }), columns, { empty: 'No scheduled tasks.' });
    },
  });
}
