// What `tools/list` and the server's instructions say in each mode of `wts mcp` (the read-only default,
// --allow-writes, --tools): every tool they name is one the server offers, in that mode.
import { describe, expect, it } from 'vitest';
import { allTools, instructionsFor, listedFor, selectTools, type Selection } from '../../src/mcp/server.js';

const all = allTools();
const everyName = all.map((t) => t.listed.name);

/** What the server lists and says in a mode, as serveStdio builds it. */
function served(selection: Selection) {
  const tools = selectTools(all, selection);
  const offered = new Set(tools.map((t) => t.listed.name));
  return { offered, tools: tools.map((t) => listedFor(t, offered)), instructions: instructionsFor(offered) };
}

/** The tool names a text mentions, and any snake_case word that looks like a tool and is none. */
function mentioned(text: string): string[] {
  return [...text.matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)]
    .map((m) => m[0])
    .filter((w) => everyName.includes(w) || /^(answer|approve|reject|complete)_/.test(w));
}

const MODES: [string, Selection][] = [
  ['the read-only default', { allowWrites: false }],
  ['--allow-writes', { allowWrites: true }],
  ['--tools waiting_items,answer_agent_question', { allowWrites: false, names: ['waiting_items', 'answer_agent_question'] }],
  ['--tools get_task', { allowWrites: false, names: ['get_task'] }],
];

describe('wts mcp names only the tools it offers', () => {
  it.each(MODES)('%s', (_, selection) => {
    const { offered, tools, instructions } = served(selection);
    for (const text of [instructions, ...tools.map((t) => t.description ?? '')])
      for (const name of mentioned(text)) expect(offered.has(name), `"${name}" in: ${text}`).toBe(true);
  });

  it('waiting_items names answer_agent_question when writes are offered, and says how to get them when not', () => {
    const waiting = (selection: Selection) => served(selection).tools.find((t) => t.name === 'waiting_items')?.description ?? '';
    expect(waiting({ allowWrites: true })).toContain(
      'Act on them with approve_pending_action, reject_pending_action, complete_human_task or answer_agent_question.',
    );
    expect(waiting({ allowWrites: false })).toContain('start `wts mcp` with --allow-writes');
    expect(served({ allowWrites: false }).instructions).toContain(
      'Start with waiting_items (what waits for a decision), my_open_tasks and check_schedules;',
    );
    expect(served({ allowWrites: false, names: ['get_task'] }).instructions).not.toContain('Start with');
  });
});
