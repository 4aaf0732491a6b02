// Schedules files, YAML or JSON: what an entry becomes, and one line naming file, line, entry and field
// for every kind of mistake.
import { describe, expect, it } from 'vitest';
import { parseScheduleFile } from '../../src/schedules/file.js';
import { CliError } from '../../src/errors.js';

const YAML = `# Scheduled tasks of the ops team
schedules:
  - key: backups
    title: Daily backup check
    prompt: |
      Check that last night's backups completed.
      Report the result in "#ops".
    cron: 30 6 * * *
    workspace: ws_ops
    agent: agt_ops
  - title: Monthly access review
    prompt: Compare the accounts with the staff list.
    cron: "00 09 15 * *"
    workspace: ws_ops
    agent: agt_ops
    state: paused
`;

/** The one-line message and exit code of a refused file. */
function refusal(source: string, name = 'schedules.yaml'): { message: string; exitCode: number } {
  try {
    parseScheduleFile(source, name);
  } catch (err) {
    if (err instanceof CliError) return { message: err.message, exitCode: err.exitCode };
    throw err;
  }
  throw new Error('the file was accepted');
}

const entry = (fields: string) =>
  `schedules:\n  - title: T\n    prompt: P\n    cron: 0 9 * * *\n    workspace: ws_ops\n    agent: agt_ops\n${fields}`;

describe('parseScheduleFile', () => {
  it('reads YAML: the prompt without its trailing newline, the cron canonical, active by default', () => {
    expect(parseScheduleFile(YAML, 'schedules.yaml')).toEqual([
      {
        index: 0,
        key: 'backups',
        title: 'Daily backup check',
        prompt: 'Check that last night\'s backups completed.\nReport the result in "#ops".',
        cron: '30 6 * * *',
        workspaceId: 'ws_ops',
        agentId: 'agt_ops',
        state: 'active',
      },
      {
        index: 1,
        title: 'Monthly access review',
        prompt: 'Compare the accounts with the staff list.',
        cron: '0 9 15 * *',
        workspaceId: 'ws_ops',
        agentId: 'agt_ops',
        state: 'paused',
      },
    ]);
  });

  it('reads JSON', () => {
    const json = JSON.stringify(
      {
        schedules: [
          { title: 'Digest', prompt: 'Post the digest.', cron: '0 9 * * 1-5', workspace: 'ws_sales', agent: 'agt_sales', state: 'active' },
        ],
      },
      null,
      2,
    );
    expect(parseScheduleFile(json, 'schedules.json')).toEqual([
      {
        index: 0,
        title: 'Digest',
        prompt: 'Post the digest.',
        cron: '0 9 * * 1-5',
        workspaceId: 'ws_sales',
        agentId: 'agt_sales',
        state: 'active',
      },
    ]);
    expect(parseScheduleFile('{"schedules": []}', 'empty.json')).toEqual([]);
  });
});

describe('a malformed file exits 2 naming the line, the entry and the field', () => {
  it('a cron that is none of the shapes, with the nearest one', () => {
    const r = refusal(YAML.replace('cron: 30 6 * * *', 'cron: 30 6 * * 1-6'));
    expect(r.exitCode).toBe(2);
    expect(r.message).toMatch(
      /^schedules\.yaml:8: schedules\[0\]\.cron: day of week must be 1-5 .*; nearest supported: weekdays "30 6 \* \* 1-5" \(Monday to Friday: drops Saturday\); supported shapes: /,
    );
  });

  it('a field out of its range', () => {
    expect(refusal(YAML.replace('"00 09 15 * *"', '"0 9 32 * *"')).message).toMatch(
      /^schedules\.yaml:13: schedules\[1\]\.cron: day of month must be from 1 to 31, not 32;/,
    );
  });

  it('a missing field, at the line of its entry', () => {
    expect(refusal(YAML.replace('    agent: agt_ops\n    state: paused', '    state: paused')).message).toBe(
      'schedules.yaml:11: schedules[1].agent: is required',
    );
  });

  it('an unknown field (a typo)', () => {
    expect(refusal(entry('    crn: 0 9 * * *\n')).message).toBe('schedules.yaml:2: schedules[0]: unknown field crn');
    expect(refusal('schedule:\n  - title: T\n').message).toBe(
      'schedules.yaml:1: schedule: unknown field; the file has one field, "schedules": the list of scheduled tasks',
    );
    expect(refusal('schedules: []\nversion: 2\n').message).toBe('schedules.yaml:1: unknown field version');
  });

  it('a state other than active or paused', () => {
    expect(refusal(entry('    state: stopped\n')).message).toBe('schedules.yaml:7: schedules[0].state: must be one of "active", "paused"');
  });

  it('a value of the wrong type or length', () => {
    expect(refusal(entry('').replace('title: T', 'title: 2024')).message).toBe('schedules.yaml:2: schedules[0].title: must be a string');
    expect(refusal(entry('').replace('title: T', `title: ${'x'.repeat(201)}`)).message).toBe(
      'schedules.yaml:2: schedules[0].title: must be at most 200 characters',
    );
    expect(refusal(entry('').replace('prompt: P', 'prompt: ""')).message).toBe('schedules.yaml:3: schedules[0].prompt: must not be empty');
    expect(refusal(entry('').replace('prompt: P', 'prompt: "  \\n"')).message).toBe(
      'schedules.yaml:3: schedules[0].prompt: must not be empty',
    );
    expect(refusal('schedules:\n  title: T\n').message).toBe('schedules.yaml:1: schedules: must be an array');
  });

  it('" #" in an unquoted title or prompt, which YAML reads as a comment', () => {
    expect(refusal(entry('').replace('prompt: P', 'prompt: Post the list in #sales.')).message).toBe(
      'schedules.yaml:3: schedules[0].prompt: "#sales." is a YAML comment, not part of the text; quote the text, or write it as a block (prompt: |)',
    );
    // A comment on its own line, or in a quoted value, is fine.
    expect(
      parseScheduleFile(entry('    # reviewed by ops\n').replace('prompt: P', 'prompt: "Post in #sales." # sent daily'), 'ok.yaml')[0]!
        .prompt,
    ).toBe('Post in #sales.');
  });

  it('two entries for one scheduled task: the same key, or the same title in the same workspace', () => {
    const twice = (a: string, b: string) =>
      `schedules:\n${[a, b].map((extra) => `  - title: T\n    prompt: P\n    cron: 0 9 * * *\n    workspace: ws_ops\n    agent: agt_ops\n${extra}`).join('')}`;
    expect(refusal(twice('    key: k\n', '    key: k\n').replace(/title: T\n([\s\S]*)title: T/, 'title: T\n$1title: U')).message).toBe(
      'schedules.yaml:13: schedules[1].key: "k" is also the key of schedules[0]',
    );
    expect(refusal(twice('', '')).message).toBe(
      'schedules.yaml:7: schedules[1].title: schedules[0] has the same title in ws_ops; a title names one scheduled task per workspace',
    );
    expect(
      parseScheduleFile(
        twice('', '').replace(/workspace: ws_ops\n {4}agent: agt_ops\n$/, 'workspace: ws_sales\n    agent: agt_sales\n'),
        'ok.yaml',
      ),
    ).toHaveLength(2);
  });

  it('YAML that does not parse, with a hint for a cron starting with *', () => {
    expect(refusal('schedules:\n  - title: a\n   cron: x\n').message).toBe('schedules.yaml:3: Sequence item without - indicator');
    expect(refusal(entry('').replace('cron: 0 9 * * *', 'cron: * * * * *')).message).toMatch(
      /^schedules\.yaml:4: Alias cannot be an empty string \(a value that starts with \* must be quoted, e\.g\. cron: "15 \* \* \* \*"\)$/,
    );
    expect(refusal('{"schedules": [', 'schedules.json').message).toMatch(/^schedules\.json:1: /);
  });

  it('a file that is not a mapping with a schedules list', () => {
    expect(refusal('').message).toBe('schedules.yaml:1: must be a mapping with a "schedules" list, e.g. {"schedules": [...]}');
    expect(refusal('- title: T\n').message).toBe('schedules.yaml:1: must be a mapping with a "schedules" list, e.g. {"schedules": [...]}');
    expect(refusal('{}').message).toBe('schedules.yaml:1: schedules: is required');
  });
});
