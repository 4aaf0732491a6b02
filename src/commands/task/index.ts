// wts task list WS | board WS | search WS WORDS... | view TASK | events TASK | chat TASK | conversation TASK
//          | edit TASK... | complete TASK... | assign TASK USER... | tag TASK TAG... | note TASK [TEXT | --file F | -]
//          | delete TASK... | create --agent AGENT TITLE | message TASK TEXT | runs TASK
import type { Command } from 'commander';
import type { CliDeps } from '../../framework/verb.js';
import { registerList } from './list.js';
import { registerBoard } from './board.js';
import { registerSearch } from './search.js';
import { registerView } from './view.js';
import { registerEvents } from './events.js';
import { registerChat } from './chat.js';
import { registerConversation } from './conversation.js';
import { registerEdit } from './edit.js';
import { registerComplete } from './complete.js';
import { registerAssign } from './assign.js';
import { registerTag } from './tag.js';
import { registerNote } from './note.js';
import { registerDelete } from './delete.js';
import { registerCreate } from './create.js';
import { registerMessage } from './message.js';
import { registerRuns } from './runs.js';

export function registerTask(program: Command, deps: CliDeps): void {
  const group = program.command('task').alias('tasks').description('tasks: find, read, change, and hand them to an agent');
  registerList(group, deps);
  registerBoard(group, deps);
  registerSearch(group, deps);
  registerView(group, deps);
  registerEvents(group, deps);
  registerChat(group, deps);
  registerConversation(group, deps);
  registerEdit(group, deps);
  registerComplete(group, deps);
  registerAssign(group, deps);
  registerTag(group, deps);
  registerNote(group, deps);
  registerDelete(group, deps);
  registerCreate(group, deps);
  registerMessage(group, deps);
  registerRuns(group, deps);
}
