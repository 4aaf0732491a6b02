// wts schedule list | view ID | runs ID | create --title --prompt|--prompt-file --cron --workspace --agent
//              | edit ID [same flags] | pause ID... | resume ID... | delete ID... | run ID...
//              | explain CRON [--tz --count] | check [ID...] [--workspace --require --max-late --last-run]
//              | export [-w WS] [-o yaml|json] | diff -f FILE | apply -f FILE [--prune --yes]
// The modules behind explain, check, diff and apply (src/schedules/: cron-parser, yaml, zod) are loaded
// inside those verbs only, so that starting wts for any other command does not load them.
import type { Command } from 'commander';
import { examples, type CliDeps } from '../../framework/verb.js';
import { registerList } from './list.js';
import { registerView } from './view.js';
import { registerRuns } from './runs.js';
import { registerCreate } from './create.js';
import { registerEdit } from './edit.js';
import { registerPause } from './pause.js';
import { registerResume } from './resume.js';
import { registerDelete } from './delete.js';
import { registerRun } from './run.js';
import { registerExplain } from './explain.js';
import { registerCheck } from './check.js';
import { registerSchedulesAsCode } from './code.js';

export function registerSchedule(program: Command, deps: CliDeps): void {
  const group = program.command('schedule').alias('schedules').description('prompts an agent runs on a repeating schedule');
  examples(group, [
    'wts schedule list',
    'wts schedule pause sched_support_weekly',
    'wts schedule explain "0 9 * * 1-5" --tz Europe/Berlin',
    'wts schedule check --require active --max-late 1h --last-run succeeded',
    'wts schedule export -w ws_ops > schedules.yaml',
    'wts schedule diff -f schedules.yaml',
  ]);
  registerList(group, deps);
  registerView(group, deps);
  registerRuns(group, deps);
  registerCreate(group, deps);
  registerEdit(group, deps);
  registerPause(group, deps);
  registerResume(group, deps);
  registerDelete(group, deps);
  registerRun(group, deps);
  registerExplain(group, deps);
  registerCheck(group, deps);
  registerSchedulesAsCode(group, deps);
}
