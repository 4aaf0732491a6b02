// Starting the user's programs on Windows, tested here on Linux: the platform is a parameter, and cmd.exe
// is played by a small script (ComSpec) that parses its line as cmd.exe does and fails where cmd.exe
// would start a second command. So a hook, an editor and a pager get the argv and options they would get
// on Windows, and the texts they carry stay text.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandLaunch, splitCommandLine } from '../../src/command-line.js';
import { editorCommand, editText } from '../../src/input/editor.js';
import { hookLaunch, itemCommand } from '../../src/inbox/exec.js';
import type { WaitingItem } from '../../src/inbox/gather.js';
import type { IO } from '../../src/io.js';
import { pagerLaunch } from '../../src/output/pager.js';
import { cmdArgument, findWindowsProgram, launchFor } from '../../src/windows-command.js';

/**
 * cmd.exe's reading of a line, as far as these tests need: `%NAME%` of a set variable expanded first,
 * then carets removed outside quotes; an unescaped & | < > outside quotes starts a second command, which
 * is an error here. `!NAME!` (delayed expansion, /v:on) is expanded after, as text.
 */
const CMD_PARSE = `
function cmdParse(line, env, delayed) {
  line = line.replace(/%([^%^\\s]+)%/g, (m, name) => (env[name] === undefined ? m : env[name]));
  let out = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) { if (c === '"') quoted = false; out += c; continue; }
    if (c === '^') { out += line[++i] ?? ''; continue; }
    if (c === '"') { quoted = true; out += c; continue; }
    if ('&|<>'.includes(c)) throw new Error('cmd.exe would start a second command at ' + JSON.stringify(line.slice(i)));
    out += c;
  }
  return delayed ? out.replace(/!([^!]+)!/g, (m, name) => env[name] ?? '') : out;
}
function argv(line) {
  const out = []; let cur = ''; let inQ = false; let has = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '\\\\') {
      let n = 0;
      while (line[i] === '\\\\') { n++; i++; }
      if (line[i] === '"') { cur += '\\\\'.repeat(n >> 1); if (n % 2) cur += '"'; else inQ = !inQ; }
      else { cur += '\\\\'.repeat(n); i--; }
      has = true;
      continue;
    }
    if (c === '"') { inQ = !inQ; has = true; continue; }
    if (/\\s/.test(c) && !inQ) { if (has) out.push(cur); cur = ''; has = false; continue; }
    cur += c; has = true;
  }
  if (has) out.push(cur);
  return out;
}
`;

/**
 * A ComSpec that records its arguments and environment in record.json, reads its `/c "LINE"` as cmd.exe
 * (and, for a .cmd program, once more as the batch file's %* is), then plays the program: `echo` prints,
 * code.cmd writes "edited" into its last argument, anything else prints its argv as JSON.
 */
function fakeCmd(): { comspec: string; record: () => { argv: string[]; title?: string } } {
  const dir = mkdtempSync(join(tmpdir(), 'wts-cmd-'));
  const comspec = join(dir, 'cmd.exe');
  writeFileSync(
    comspec,
    `#!${process.execPath}
const fs = require('node:fs');
${CMD_PARSE}
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(join(dir, 'record.json'))}, JSON.stringify({ argv: args, title: process.env.WTS_TITLE }));
const c = args.indexOf('/c');
const raw = args.slice(c + 1).join(' ');
let line = cmdParse(raw.slice(1, -1), process.env, args.includes('/v:on'));
if (line.startsWith('echo ')) { process.stdout.write(line.slice(5) + '\\n'); process.exit(0); }
const program = argv(line)[0];
if (/\\.(cmd|bat)$/i.test(program)) line = cmdParse(line, {}, false);
const words = argv(line);
if (/code\\.cmd$/i.test(words[0])) { fs.writeFileSync(words[words.length - 1], 'edited'); process.exit(0); }
process.stdout.write(JSON.stringify(words));
`,
  );
  chmodSync(comspec, 0o755);
  return { comspec, record: () => JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) };
}

function bufferIO(): { io: IO; err: () => string } {
  let text = '';
  const stderr = new PassThrough();
  stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const io: IO = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr,
    isStdinTTY: false,
    isStdoutTTY: false,
    isStderrTTY: false,
    colorEnabled: false,
    canPrompt: false,
    columns: 80,
  };
  return { io, err: () => text };
}

const item = (summary: string): WaitingItem => ({
  action: { id: 'act_1', taskId: 'task_1', kind: 'action', state: 'pending', summary, draft: {}, createdAt: '2026-11-28T10:00:00Z' },
  task: { id: 'task_1', title: 'a task', workspaceId: 'ws_1', dueDate: null, status: 'open' },
});

/** A Windows PATH with Code's bin directory, and which files "exist" there. */
const winEnv = (comspec: string) => ({
  ComSpec: comspec,
  Path: 'C:\\Windows\\system32;C:\\Program Files\\Microsoft VS Code\\bin',
  PATHEXT: '.COM;.EXE;.BAT;.CMD',
});
const winFiles = new Set(['C:\\Windows\\system32\\notepad.exe', 'C:\\Program Files\\Microsoft VS Code\\bin\\code.cmd']);
const exists = (path: string) => winFiles.has(path);

describe('--exec hooks on Windows', () => {
  it('run as cmd.exe /d /v:on /s /c "CMD" with verbatim arguments (sh -c elsewhere)', () => {
    expect(hookLaunch('echo !WTS_TITLE!', { ComSpec: 'C:\\Windows\\system32\\cmd.exe' }, 'win32')).toEqual({
      file: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/v:on', '/s', '/c', '"echo !WTS_TITLE!"'],
      windowsVerbatimArguments: true,
    });
    expect(hookLaunch('echo "$WTS_TITLE"', { SHELL: '/bin/bash' }, 'linux')).toEqual({
      file: '/bin/bash',
      args: ['-c', 'echo "$WTS_TITLE"'],
      windowsVerbatimArguments: false,
    });
  });

  it('hands a title of `x & calc` to the hook as text, in WTS_TITLE, never in the command line', async () => {
    const cmd = fakeCmd();
    const { io, err } = bufferIO();
    const hook = itemCommand('echo !WTS_TITLE!', io, { ...process.env, ComSpec: cmd.comspec }, 'win32');
    hook.run([item('x & calc')]);
    await hook.stop();
    expect(err()).toBe('x & calc\n');
    const { argv, title } = cmd.record();
    expect(argv).toEqual(['/d', '/v:on', '/s', '/c', '"echo !WTS_TITLE!"']);
    expect(title).toBe('x & calc');
  });

  it('is unsafe with %WTS_TITLE%, as docs/watch.md warns (the played cmd.exe sees a second command)', async () => {
    const cmd = fakeCmd();
    const { io, err } = bufferIO();
    const hook = itemCommand('echo %WTS_TITLE%', io, { ...process.env, ComSpec: cmd.comspec }, 'win32');
    hook.run([item('x & calc')]);
    await hook.stop();
    expect(err()).toContain('would start a second command');
  });
});

describe('the editor on Windows', () => {
  it('defaults to notepad there, and to none elsewhere', () => {
    const none = { env: {}, setting: () => undefined };
    expect(editorCommand(none, 'win32')).toBe('notepad');
    expect(editorCommand(none, 'linux')).toBeUndefined();
    expect(editorCommand({ env: { EDITOR: 'code --wait' }, setting: () => undefined }, 'win32')).toBe('code --wait');
  });

  it('starts notepad when nothing is set (here, where there is none: "could not start (ENOENT)")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wts-ed-'));
    const ctx = { env: { PATH: '' }, setting: () => undefined, config: { dir }, now: () => Date.now() };
    await expect(editText(ctx, 'x', { postfix: '.md', what: 'the note', platform: 'win32' })).rejects.toThrow(
      'the editor (notepad) could not start (ENOENT)',
    );
  });

  it('finds notepad.exe and starts it directly; finds code.cmd and runs it through cmd.exe, verbatim', () => {
    const env = winEnv('C:\\Windows\\system32\\cmd.exe');
    expect(findWindowsProgram('notepad', env, exists)).toBe('C:\\Windows\\system32\\notepad.exe');
    expect(commandLaunch('notepad', ['C:\\Users\\me\\draft.md'], env, 'win32', exists)).toEqual({
      file: 'C:\\Windows\\system32\\notepad.exe',
      args: ['C:\\Users\\me\\draft.md'],
      windowsVerbatimArguments: false,
    });
    const code = commandLaunch('code --wait', ['C:\\Users\\me\\draft.md'], env, 'win32', exists);
    expect(code).toEqual({
      file: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/s', '/c', '""C:\\Program Files\\Microsoft VS Code\\bin\\code.cmd" ^^^"--wait^^^" ^^^"C:\\Users\\me\\draft.md^^^""'],
      windowsVerbatimArguments: true,
    });
  });

  it('runs `code --wait` through cmd.exe with the file as text, even a path with spaces, & and %', () => {
    const cmd = fakeCmd();
    const dir = mkdtempSync(join(tmpdir(), 'wts-ed-'));
    const file = join(dir, 'Tom & Jerry %USERNAME% (draft).md');
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, 'original');
    const launch = commandLaunch('code --wait', [file], winEnv(cmd.comspec), 'win32', exists);
    if (!launch) throw new Error('no launch');
    const run = spawnSync(launch.file, launch.args, { env: { ...process.env, USERNAME: 'me' } });
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('edited');
  });

  it("escapes an editor's own argument twice for a batch file, so a quote in it cannot end the quoting", () => {
    const cmd = fakeCmd();
    const file = join(mkdtempSync(join(tmpdir(), 'wts-ed-')), 'draft.md');
    const launch = commandLaunch('code --wait', ['--title', 'a" & calc & "b', file], winEnv(cmd.comspec), 'win32', exists);
    if (!launch) throw new Error('no launch');
    const run = spawnSync(launch.file, launch.args);
    expect(run.stderr.toString()).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('edited');
  });

  it('splits the command line with backslashes as path separators there, as escapes elsewhere', () => {
    expect(splitCommandLine('"C:\\Program Files\\Notepad++\\notepad++.exe" -multiInst', 'win32')).toEqual([
      'C:\\Program Files\\Notepad++\\notepad++.exe',
      '-multiInst',
    ]);
    expect(splitCommandLine("'C:\\Tools\\my editor.exe' -w", 'win32')).toEqual(['C:\\Tools\\my editor.exe', '-w']);
    expect(splitCommandLine('C:\\Tools\\ed.exe', 'win32')).toEqual(['C:\\Tools\\ed.exe']);
    expect(splitCommandLine('C:\\Tools\\ed.exe', 'linux')).toEqual(['C:Toolsed.exe']);
    expect(splitCommandLine("'/opt/my editor/ed' -w", 'linux')).toEqual(['/opt/my editor/ed', '-w']);
  });

  it('never runs a program from the current directory (a notepad.bat planted in a clone)', () => {
    const planted = (path: string) => path === 'notepad.bat' || path === 'notepad.exe';
    const env = { Path: 'C:\\Windows\\system32', PATHEXT: '.COM;.EXE;.BAT;.CMD' };
    expect(findWindowsProgram('notepad', env, planted)).toBeUndefined();
    expect(launchFor('notepad', ['f.md'], env, 'win32', planted)).toBeUndefined();
    // Named with a path, it is taken as named.
    expect(findWindowsProgram('.\\notepad', env, (p) => p === '.\\notepad.bat')).toBe('.\\notepad.bat');
  });

  it('takes an unquoted path with spaces whole when that file exists', () => {
    const files = new Set(['C:\\Program Files\\Sublime Text\\subl.exe']);
    const launch = commandLaunch('C:\\Program Files\\Sublime Text\\subl.exe', ['f.md'], {}, 'win32', (p) => files.has(p));
    expect(launch).toEqual({ file: 'C:\\Program Files\\Sublime Text\\subl.exe', args: ['f.md'], windowsVerbatimArguments: false });
  });
});

describe('BROWSER and PAGER on Windows', () => {
  it('keep backslashes, and a pager with a pipe runs in cmd.exe, verbatim', () => {
    const env = { ComSpec: 'cmd.exe', PATHEXT: '.EXE' };
    const files = new Set(['C:\\Tools\\less.exe']);
    // Not there (this is Linux): no pager, the output printed directly.
    expect(pagerLaunch('C:\\Tools\\less.exe -R', env, 'win32')).toBeUndefined();
    expect(commandLaunch('C:\\Tools\\less.exe -R', [], env, 'win32', (p) => files.has(p))).toEqual({
      file: 'C:\\Tools\\less.exe',
      args: ['-R'],
      windowsVerbatimArguments: false,
    });
    expect(pagerLaunch('more | findstr x', env, 'win32')).toEqual({
      file: 'cmd.exe',
      args: ['/d', '/s', '/c', '"more | findstr x"'],
      windowsVerbatimArguments: true,
    });
    expect(pagerLaunch('less -R | cat', {}, 'linux')?.file).toBe('/bin/sh');
  });

  it('quote an argument for the C runtime and escape it for cmd.exe (twice for a batch file)', () => {
    expect(cmdArgument('a b', false)).toBe('^"a^ b^"');
    expect(cmdArgument('x & y', true)).toBe('^^^"x^^^ ^^^&^^^ y^^^"');
    expect(cmdArgument('C:\\dir\\', false)).toBe('^"C:\\dir\\\\^"');
    expect(cmdArgument('say "hi"', false)).toBe('^"say^ \\^"hi\\^"^"');
    expect(launchFor('https://x.test/a?b=1&c=%41', [], {}, 'linux')?.file).toBe('https://x.test/a?b=1&c=%41');
  });
});
