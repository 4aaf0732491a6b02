// Shell completion: the checked-in scripts are the ones the command tree generates; each loads in its
// shell (PowerShell's, where pwsh is missing, parses by PowerShell's grammar); subcommands, flags and
// fixed values complete with no process started; ids complete from what a list command printed against
// the sandbox.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Language, type Node, Parser } from 'web-tree-sitter';
import { buildProgram } from '../../src/cli.js';
import { ID_CACHE_FILE } from '../../src/completion/ids.js';
import { COMPLETION_FILES, SHELLS, completionScript } from '../../src/completion/scripts.js';
import { useSandbox } from '../helpers/sandbox-fixture.js';
import { runWts } from '../helpers/cli.js';
import { REPO } from '../helpers/wts-process.js';
import { expectMode } from '../helpers/platform.js';
import { isRecord } from '../../src/type-guards.js';
import { TMUX, shellQuote, useTerminal } from '../helpers/tmux.js';

const BASH = join(REPO, COMPLETION_FILES.bash);
const ZSH = join(REPO, COMPLETION_FILES.zsh);
const FISH = join(REPO, COMPLETION_FILES.fish);
const POWERSHELL = join(REPO, COMPLETION_FILES.powershell);

function which(program: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}
const shells = { bash: which('bash'), zsh: which('zsh'), fish: which('fish'), pwsh: which('pwsh') };
for (const [name, path] of Object.entries(shells)) {
  if (!path && name !== 'pwsh')
    console.warn(`completions.test: ${name} is not installed, so its tests are skipped (CI installs it: .ci/run)`);
}
if (!TMUX) console.warn('completions.test: tmux is not installed, so `--flag=<TAB>` in a terminal is skipped (CI installs it: .ci/run)');

/**
 * Runs a shell with an empty PATH, so nothing but its builtins can run: completing must not start node
 * (or anything else). `configDir` is where the remembered ids are read from.
 */
function shell(program: string, args: string[], configDir: string) {
  const home = mkdtempSync(join(tmpdir(), 'wts-shell-home-'));
  const r = spawnSync(program, args, {
    cwd: REPO,
    encoding: 'utf8',
    env: { HOME: home, PATH: '/nonexistent', WTS_CONFIG_DIR: configDir, TERM: 'dumb' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** What bash completes for `words` (the last one being completed). */
function bashComplete(words: string[], configDir: string): string[] {
  const script = `source ${q(BASH)} || exit 9; COMP_WORDS=(${words.map(q).join(' ')}); COMP_CWORD=${words.length - 1}; _wts; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = shell(shells.bash!, ['--norc', '--noprofile', '-c', script], configDir);
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean);
}

/**
 * What zsh's candidates are for `words` (names, before zsh narrows them to the prefix typed), and the
 * `--flag=` part of the word completed that zsh keeps in front of each (its IPREFIX), if any.
 */
function zshCandidates(words: string[], configDir: string): { names: string[]; mode: string; prefix: string } {
  const script = `autoload -U compinit; compinit -u -D; source ${q(ZSH)} || exit 9; words=(${words.map(q).join(' ')}); CURRENT=${words.length}; _wts_candidates; print -r -- "$_wts_mode|$_wts_prefix"; print -rl -- $_wts_out`;
  const r = shell(shells.zsh!, ['-fc', script], configDir);
  expect(r.stderr).toBe('');
  const [first = '', ...out] = r.stdout.split('\n').filter(Boolean);
  const [mode = '', prefix = ''] = first.split('|');
  return { mode, prefix, names: out.map((c) => c.replace(/(?<!\\):.*$/, '').replace(/\\:/g, ':')) };
}

/** What fish completes for the command line `line` (names, without descriptions). */
function fishComplete(line: string, configDir: string): string[] {
  const r = shell(shells.fish!, ['--no-config', '-c', `source ${q(FISH)}; or exit 9; complete -C ${q(line)}`], configDir);
  expect(r.stderr).toBe('');
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!);
}

const emptyConfig = () => mkdtempSync(join(tmpdir(), 'wts-completion-config-'));

/**
 * PowerShell's grammar (tree-sitter-powershell, compiled to WebAssembly), for a machine without pwsh: a
 * script it parses without an error is one PowerShell's parser takes too, as far as the grammar goes. It
 * is stricter than PowerShell in places (an unquoted list such as `wts, wts.cmd` as a command's argument
 * is an error to it), so the generated script keeps to the forms both read alike.
 */
async function powerShellParser(): Promise<Parser> {
  await Parser.init();
  const require = createRequire(import.meta.url);
  const grammar = require.resolve('tree-sitter-powershell/tree-sitter-powershell.wasm');
  const parser = new Parser();
  parser.setLanguage(await Language.load(readFileSync(grammar)));
  return parser;
}

const namedChildren = (node: Node) => node.namedChildren.filter((c): c is Node => c !== null);

/** The tree of a PowerShell script, and where it does not parse: each ERROR or MISSING node, line:column. */
function parsePowerShell(parser: Parser, text: string): { root: Node; errors: string[] } {
  const tree = parser.parse(text);
  if (!tree) throw new Error('tree-sitter-powershell returned no tree');
  const errors: string[] = [];
  const visit = (node: Node) => {
    const at = `${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
    if (node.isMissing) errors.push(`${at} missing ${node.type}`);
    else if (node.isError) errors.push(`${at} cannot parse ${JSON.stringify(node.text.slice(0, 60))}`);
    for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  return { root: tree.rootNode, errors };
}

/** A command's parameters (`-Name`) each with the argument after it, if one follows before the next. */
function commandParameters(command: Node): Map<string, Node | undefined> {
  const elements = namedChildren(command)
    .filter((c) => c.type === 'command_elements')
    .flatMap(namedChildren)
    .filter((c) => c.type !== 'command_argument_sep');
  const parameters = new Map<string, Node | undefined>();
  elements.forEach((element, i) => {
    if (element.type !== 'command_parameter') return;
    const next = elements[i + 1];
    parameters.set(element.text, next?.type === 'command_parameter' ? undefined : next);
  });
  return parameters;
}

describe('the checked-in completion scripts', () => {
  it.each(SHELLS)('%s: equal what the command tree generates', async (name) => {
    const generated = completionScript(name, await buildProgram({ env: {} }));
    const checkedIn = readFileSync(join(REPO, COMPLETION_FILES[name]), 'utf8');
    // A new command, flag or alias changes the scripts; they are regenerated, never edited by hand.
    expect(checkedIn === generated, `${COMPLETION_FILES[name]} is stale: run npm run completions`).toBe(true);
  });

  it.each(SHELLS)('wts completion %s prints the same script', async (name) => {
    const r = await runWts(['completion', name]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(REPO, COMPLETION_FILES[name]), 'utf8'));
  });

  it('refuses a shell it does not know', async () => {
    const r = await runWts(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bash, zsh, fish, powershell');
  });
});

describe('PowerShell', { timeout: 120_000 }, () => {
  let parser: Parser;
  beforeAll(async () => {
    parser = await powerShellParser();
  });

  it('registers a native argument completer for wts, its tables well-quoted PowerShell strings', () => {
    const text = readFileSync(POWERSHELL, 'utf8');
    expect(text).toContain("Register-ArgumentCompleter -Native -CommandName 'wts', 'wts.cmd', 'wts.ps1' -ScriptBlock {");
    const rows = text.split('\n').filter((l) => l.startsWith('$global:__wts'));
    // A quote inside a single-quoted string is doubled: every row holds an even number of them.
    for (const row of rows) expect((row.match(/'/g) ?? []).length % 2, row).toBe(0);
    expect(rows).toContain("$global:__wtsSub['|task'] = 'task'");
    expect(rows).toContain("$global:__wtsValue['task list|--status'] = '@status'");
    // A single subcommand stays a pair (the unary comma), not flattened into two names.
    expect(text).toContain("$global:__wtsSpec['help'] = @{ Subs = @(,@('environment', ");
    // The driver's braces balance (PowerShell would refuse the file otherwise).
    const driver = text.slice(text.indexOf('Register-ArgumentCompleter'));
    expect((driver.match(/{/g) ?? []).length).toBe((driver.match(/}/g) ?? []).length);
  });

  it("parses by PowerShell's grammar: each table row a statement, then one Register-ArgumentCompleter", () => {
    const text = readFileSync(POWERSHELL, 'utf8');
    const { root, errors } = parsePowerShell(parser, text);
    expect(errors, `${COMPLETION_FILES.powershell} does not parse as PowerShell`).toEqual([]);
    const statements = namedChildren(root)
      .filter((c) => c.type === 'statement_list')
      .flatMap(namedChildren);
    const assignments = statements.filter((s) => namedChildren(s)[0]?.type === 'assignment_expression');
    // A quote left undoubled would end a string early, run rows together or split one: one row, one statement.
    expect(assignments.map((s) => s.text)).toEqual(text.split('\n').filter((l) => l.startsWith('$global:__wts')));
    const commands = statements.filter((s) => !assignments.includes(s));
    expect(commands.map((s) => s.text.slice(0, s.text.indexOf(' ')))).toEqual(['Register-ArgumentCompleter']);
    const [register] = commands.flatMap((s) => s.descendantsOfType('command')).filter((c): c is Node => c !== null);
    if (!register) throw new Error('no command node for Register-ArgumentCompleter');
    const parameters = commandParameters(register);
    expect([...parameters.keys()]).toEqual(['-Native', '-CommandName', '-ScriptBlock']);
    expect(parameters.get('-Native')).toBeUndefined();
    const names = parameters
      .get('-CommandName')
      ?.descendantsOfType('string_literal')
      .map((n) => n?.text);
    expect(names).toEqual(["'wts'", "'wts.cmd'", "'wts.ps1'"]);
    // The script block is the argument of -ScriptBlock, and the rest of the file: nothing after its brace.
    const scriptBlock = parameters.get('-ScriptBlock')?.descendantsOfType('script_block_expression')[0];
    expect(scriptBlock?.text.startsWith('{')).toBe(true);
    expect(text.trimEnd().endsWith(scriptBlock?.text ?? '\0')).toBe(true);
    const body = scriptBlock?.descendantsOfType('script_block')[0];
    const params = body && namedChildren(body).find((c) => c.type === 'param_block');
    expect(params?.descendantsOfType('variable').map((v) => v?.text)).toEqual(['$wordToComplete', '$commandAst', '$cursorPosition']);
  });

  it('completes the value of a word `--flag=VALUE`, each candidate `--flag=` and the value (issue 39)', () => {
    const text = readFileSync(POWERSHELL, 'utf8');
    const driver = text.slice(text.indexOf('Register-ArgumentCompleter'));
    // $wordToComplete is the whole `--status=wa`: the flag is looked up, its values prefixed, then matched.
    expect(driver).toContain("if ($wordToComplete -match '^(--[^=]+)=') {");
    expect(driver).toContain('return & $candidates $eqSpec "$($Matches[1])="');
    expect(driver).toContain(`ForEach-Object { "$prefix$_" } | Where-Object { & $starts $_ }`);
    expect(parsePowerShell(parser, text).errors).toEqual([]);
  });

  // The check can fail: each of these breaks the generated script as a slip in the generator would.
  it.each([
    ["the driver's closing brace dropped", (s: string) => s.replace(/}\s*$/, '\n')],
    ['a quote in a description not doubled', (s: string) => s.replace(/(\w)''(\w)/, "$1'$2")],
    ["a table row's hashtable left open", (s: string) => s.replace('; Args = @() }', '; Args = @()')],
    ['a string in the driver left open', (s: string) => s.replace("$cmd = ''", "$cmd = '")],
  ])('reports a script with %s as not parsing', (_, breakIt) => {
    const text = readFileSync(POWERSHELL, 'utf8');
    const broken = breakIt(text);
    expect(broken).not.toBe(text);
    expect(parsePowerShell(parser, broken).errors).not.toEqual([]);
  });

  // pwsh is on every GitHub runner (.github/workflows/ci.yml); not on this project's machine.
  it.skipIf(!shells.pwsh)('completes `wts wor` to workspace, flags and their fixed values', () => {
    const complete = (line: string) => {
      const script = `. '${POWERSHELL.replace(/'/g, "''")}'; (TabExpansion2 -inputScript '${line}' -cursorColumn ${line.length}).CompletionMatches | ForEach-Object { $_.CompletionText }`;
      const r = spawnSync(shells.pwsh ?? 'pwsh', ['-NoProfile', '-NonInteractive', '-Command', script], {
        encoding: 'utf8',
        env: { ...process.env, WTS_CONFIG_DIR: emptyConfig() },
      });
      expect(r.stderr).toBe('');
      return r.stdout.split(/\r?\n/).filter(Boolean);
    };
    expect(complete('wts wor')).toEqual(['workspace']);
    expect(complete('wts task list --sta')).toEqual(['--status']);
    expect(complete('wts completion p')).toEqual(['powershell']);
    expect(complete('wts login --store=k')).toEqual(['--store=keychain']);
    expect(complete('wts schedule check --require=')).toEqual(['--require=active', '--require=paused']);
  });
});

// Each case starts the shell and `wts __complete`: seconds each on a loaded machine, several per test.
describe.skipIf(!shells.bash)('bash', { timeout: 120_000 }, () => {
  it('loads and registers the completion of wts', () => {
    const r = shell(shells.bash!, ['--norc', '--noprofile', '-c', `source ${q(BASH)} && complete -p wts`], emptyConfig());
    expect(r).toMatchObject({ code: 0, stdout: 'complete -F _wts wts\n', stderr: '' });
  });

  it('completes commands, aliases, flags, flag values and fixed choices', () => {
    const dir = emptyConfig();
    expect(bashComplete(['wts', 'wor'], dir)).toEqual(['workspace']);
    expect(bashComplete(['wts', 'in'], dir)).toEqual(['inbox', 'instructions']);
    expect(bashComplete(['wts', 'tasks', 'bo'], dir)).toEqual(['board']); // after an alias
    expect(bashComplete(['wts', 'approval', 'r'], dir)).toEqual(['review', 'reject']);
    expect(bashComplete(['wts', 'task', 'list', 'ws_x', '--st'], dir)).toEqual(['--status']);
    expect(bashComplete(['wts', '--profile', 'work', 'task', 'list', '--a'], dir)).toEqual([
      '--all-workspaces',
      '--assignee',
      '--all',
      '--accessible',
    ]); // a global flag's value skipped
    expect(bashComplete(['wts', 'login', '--store', ''], dir)).toEqual(['keychain', 'file']);
    expect(bashComplete(['wts', 'completion', ''], dir)).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(bashComplete(['wts', 'task', 'view', ''], dir)).toEqual([]); // no ids remembered yet
  });

  it('completes the setting names of config and the values of options the verb checks itself (issue 25)', () => {
    const dir = emptyConfig();
    expect(bashComplete(['wts', 'config', 'set', ''], dir)).toEqual([
      'workspace',
      'editor',
      'pager',
      'browser',
      'dash.refresh',
      'accessible',
      'wire-names',
      'openapi-url',
    ]);
    expect(bashComplete(['wts', 'config', 'get', 'pa'], dir)).toEqual(['pager']);
    expect(bashComplete(['wts', 'schedule', 'check', '--require', ''], dir)).toEqual(['active', 'paused']);
    expect(bashComplete(['wts', 'schedule', 'check', '--last-run', ''], dir)).toEqual(['succeeded']);
    expect(bashComplete(['wts', 'task', 'list', 'ws_x', '--sort', ''], dir)).toEqual(['due', 'title', 'created', 'updated']);
  });

  it('completes the value after `--flag=`, the word split at `=` as bash does by default or not (issue 39)', () => {
    const dir = emptyConfig();
    // `=` is in COMP_WORDBREAKS: `--store=` is the words `--store` `=`; bash inserts the value after the `=`.
    expect(bashComplete(['wts', 'login', '--store', '='], dir)).toEqual(['keychain', 'file']);
    expect(bashComplete(['wts', 'login', '--store', '=', 'k'], dir)).toEqual(['keychain']);
    expect(bashComplete(['wts', 'schedule', 'check', '--require', '=', 'p'], dir)).toEqual(['paused']);
    // A flag without a value completes nothing after its `=`.
    expect(bashComplete(['wts', 'completion', '--help', '='], dir)).toEqual([]);
    // The value typed after `=` is the flag's, not a positional argument: the subcommand after it still counts.
    expect(bashComplete(['wts', '--profile', '=', 'work', 'completion', ''], dir)).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    // Without `=` in COMP_WORDBREAKS the word is whole, and so is each completion.
    expect(bashComplete(['wts', 'login', '--store='], dir)).toEqual(['--store=keychain', '--store=file']);
    expect(bashComplete(['wts', 'schedule', 'check', '--last-run=s'], dir)).toEqual(['--last-run=succeeded']);
  });
});

describe.skipIf(!shells.zsh)('zsh', { timeout: 120_000 }, () => {
  it('loads after compinit and registers _wts for wts', () => {
    const r = shell(
      shells.zsh!,
      ['-fc', `autoload -U compinit; compinit -u -D; source ${q(ZSH)} && print -r -- \${_comps[wts]}`],
      emptyConfig(),
    );
    expect(r).toMatchObject({ code: 0, stdout: '_wts\n', stderr: '' });
  });

  it('is found on $fpath by compinit, as installed', () => {
    const r = shell(
      shells.zsh!,
      ['-fc', `fpath=(${q(join(REPO, 'completions'))} $fpath); autoload -U compinit; compinit -u -D; print -r -- \${_comps[wts]}`],
      emptyConfig(),
    );
    expect(r).toMatchObject({ code: 0, stdout: '_wts\n', stderr: '' });
  });

  it('offers commands and flags with their descriptions, and fixed choices', () => {
    const dir = emptyConfig();
    expect(zshCandidates(['wts', 'wor'], dir).names).toContain('workspace');
    expect(zshCandidates(['wts', 'task', ''], dir).names).toEqual(expect.arrayContaining(['list', 'board', 'view']));
    expect(zshCandidates(['wts', 'task', 'board', 'ws_x', '-'], dir).names).toEqual(expect.arrayContaining(['--rows', '--json', '--help']));
    expect(zshCandidates(['wts', 'login', '--store', ''], dir).names).toEqual(['keychain', 'file']);
    expect(zshCandidates(['wts', 'config', 'set', ''], dir).names).toEqual([
      'workspace',
      'editor',
      'pager',
      'browser',
      'dash.refresh',
      'accessible',
      'wire-names',
      'openapi-url',
    ]);
    expect(zshCandidates(['wts', 'schedule', 'check', '--require', ''], dir).names).toEqual(['active', 'paused']);
    expect(zshCandidates(['wts', 'task', 'note', 'task_1', '--file', ''], dir).mode).toBe('files');
  });

  it('offers the values after `--flag=`, the `--flag=` kept in front of them (issue 39)', () => {
    const dir = emptyConfig();
    expect(zshCandidates(['wts', 'login', '--store='], dir)).toEqual({ mode: 'describe', prefix: '--store=', names: ['keychain', 'file'] });
    expect(zshCandidates(['wts', 'schedule', 'check', '--require=pa'], dir)).toMatchObject({
      prefix: '--require=',
      names: ['active', 'paused'],
    });
    expect(zshCandidates(['wts', 'task', 'note', 'task_1', '--file=./'], dir)).toMatchObject({ mode: 'files', prefix: '--file=' });
    // A flag without a value offers nothing after its `=`.
    expect(zshCandidates(['wts', 'completion', '--help='], dir).names).toEqual([]);
  });
});

describe.skipIf(!shells.fish)('fish', { timeout: 120_000 }, () => {
  it('loads, and completes `wts wor` to workspace', () => {
    expect(fishComplete('wts wor', emptyConfig())).toEqual(['workspace']);
  });

  it('completes subcommands after aliases, flags and fixed choices', () => {
    const dir = emptyConfig();
    expect(fishComplete('wts approvals rev', dir)).toEqual(['review']);
    expect(fishComplete('wts login --client-auth private', dir)).toEqual(['private_key_jwt']);
    expect(fishComplete('wts inbox --wo', dir)).toEqual(['--workspace']);
    expect(fishComplete('wts schedule check --require p', dir)).toEqual(['paused']);
    expect(fishComplete('wts config set dash', dir)).toEqual(['dash.refresh']);
  });

  it('completes the value after `--flag=` as `--flag=VALUE` (issue 39)', () => {
    const dir = emptyConfig();
    expect(fishComplete('wts login --store=', dir).sort()).toEqual(['--store=file', '--store=keychain']);
    expect(fishComplete('wts schedule check --require=p', dir)).toEqual(['--require=paused']);
    expect(fishComplete('wts completion --help=', dir)).toEqual([]);
  });
});

// The words bash and zsh hand the script, seen through readline and zle themselves: a real terminal.
describe.skipIf(!TMUX)('`--flag=<TAB>` in a terminal (issue 39)', { timeout: 120_000 }, () => {
  const terminal = useTerminal('wts-completion-pty-');
  const tabAfter = async (shellArgs: string[], setUp: string, typed: string, want: string) => {
    const pane = terminal.run(shellArgs, { env: { WTS_CONFIG_DIR: emptyConfig() } });
    pane.line(`${setUp} && echo loaded-$((6 * 7))`);
    await pane.waitFor('the script loaded', 'loaded-42');
    pane.type(typed);
    pane.keys('Tab');
    const screen = await pane.waitFor(`${typed}<TAB> to complete`, want, 10_000);
    pane.keys('C-u');
    pane.line('exit');
    await pane.done();
    return screen;
  };

  it.skipIf(!shells.bash)('bash: `wts login --store=k` completes to `--store=keychain`', async () => {
    const screen = await tabAfter(
      ['bash', '--norc', '--noprofile'],
      `source ${shellQuote(BASH)}`,
      'wts login --store=k',
      '--store=keychain',
    );
    expect(screen).toContain('wts login --store=keychain');
  });

  it.skipIf(!shells.zsh)('zsh: `wts login --store=k` completes to `--store=keychain`', async () => {
    const screen = await tabAfter(
      ['zsh', '-f'],
      `autoload -U compinit && compinit -u -D && source ${shellQuote(ZSH)}`,
      'wts login --store=k',
      '--store=keychain',
    );
    expect(screen).toContain('wts login --store=keychain');
  });
});

describe('ids from recent list commands', () => {
  const sandbox = useSandbox();
  let env: Record<string, string>;
  let dir: string;
  beforeAll(() => {
    dir = emptyConfig();
    env = { ...sandbox.env, WTS_CONFIG_DIR: dir };
  });

  it('keeps what list commands printed in a 0600 file of the config directory, without secrets', async () => {
    expect((await runWts(['workspace', 'list'], { env })).code).toBe(0);
    const tasks = await runWts(['task', 'list', 'ws_support', '--all', '--json'], { env });
    expect(tasks.code).toBe(0);
    const file = join(dir, ID_CACHE_FILE);
    expectMode(file, 0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('workspace\tws_support\tCustomer Support\n');
    // The tasks in the order printed (board order, not the order read), with their titles.
    const printed = (JSON.parse(tasks.stdout) as { id: string; title: string }[]).map((t) => `task\t${t.id}\t${t.title}`);
    expect(text.split('\n').filter((line) => line.startsWith('task\t'))).toEqual(printed);
    expect(text).not.toContain(env.WTS_TOKEN!);
  });

  it.skipIf(!shells.bash)('bash completes them', async () => {
    expect(bashComplete(['wts', 'task', 'list', 'ws_s'], dir).sort()).toEqual(['ws_sales', 'ws_support']);
    expect(bashComplete(['wts', 'task', 'view', 'task_s02'], dir)).toContain('task_s021');
    expect(bashComplete(['wts', 'inbox', '--workspace', 'ws_o'], dir)).toEqual(['ws_ops']);
  });

  it.skipIf(!shells.zsh)('zsh completes them, with their names', async () => {
    const r = shell(
      shells.zsh!,
      [
        '-fc',
        `autoload -U compinit; compinit -u -D; source ${q(ZSH)}; words=(wts workspace members ''); CURRENT=4; _wts_candidates; print -rl -- $_wts_out`,
      ],
      dir,
    );
    expect(r.stdout.split('\n')).toContain('ws_support:Customer Support');
  });

  it.skipIf(!shells.fish)('fish completes them', async () => {
    expect(fishComplete('wts task board ws_s', dir).sort()).toEqual(['ws_sales', 'ws_support']);
  });

  it('offers scheduled task ids after `schedule list`, for the schedule verbs', async () => {
    expect((await runWts(['schedule', 'list'], { env })).code).toBe(0);
    expect(readFileSync(join(dir, ID_CACHE_FILE), 'utf8')).toMatch(/^schedule\tsched_sales_digest\t/m);
    if (shells.bash) expect(bashComplete(['wts', 'schedule', 'pause', 'sched_sa'], dir)).toEqual(['sched_sales_digest']);
    if (shells.fish) expect(fishComplete('wts schedules view sched_sa', dir)).toEqual(['sched_sales_digest']);
  });

  it('adds the ids the inbox showed: pending actions for the approval verbs', async () => {
    const inbox = await runWts(['inbox'], { env });
    const first = inbox.stdout.split('\n')[0]!.split('\t')[1]!;
    expect(first).toMatch(/^act_/);
    expect(readFileSync(join(dir, ID_CACHE_FILE), 'utf8')).toContain(`approval\t${first}\t`);
    if (shells.bash) expect(bashComplete(['wts', 'approval', 'approve', ''], dir)).toContain(first);
  });

  /**
   * What each shell installed completes for `words` (the last one being completed), sorted; zsh's narrowed
   * to the prefix as zsh does, each after the `--flag=` zsh keeps in front of it (the word it ends up as).
   */
  const everyShell = (words: string[], configDir: string) => ({
    ...(shells.bash && { bash: bashComplete(words, configDir).sort() }),
    ...(shells.zsh && {
      zsh: ((z) => z.names.map((n) => z.prefix + n))(zshCandidates(words, configDir))
        .filter((n) => n.startsWith(words.at(-1) ?? ''))
        .sort(),
    }),
    ...(shells.fish && { fish: fishComplete(words.join(' '), configDir).sort() }),
  });
  const inEveryShell = (values: string[]) => ({
    ...(shells.bash && { bash: values }),
    ...(shells.zsh && { zsh: values }),
    ...(shells.fish && { fish: values }),
  });

  it.each([
    ['task', 'list', 'ws_support'],
    ['task', 'board', 'ws_support'],
  ])('completes --status with the columns after `%s %s %s`, in bash, zsh and fish (issue 39)', async (...command) => {
    const fresh = emptyConfig();
    expect((await runWts(command, { env: { ...env, WTS_CONFIG_DIR: fresh } })).code).toBe(0);
    // Every column of the board, done too: `--status done` is what a list of open work leaves out.
    const columns = ['done', 'in_progress', 'todo', 'waiting'];
    expect(everyShell(['wts', 'task', 'list', 'ws_support', '--status', ''], fresh)).toEqual(inEveryShell(columns));
    expect(everyShell(['wts', 'task', 'edit', 'task_s021', '--status', ''], fresh)).toEqual(inEveryShell(columns));
  });

  it('completes board columns and workspace ids after `--status=` and `--workspace=`, in bash, zsh and fish (issue 39)', async () => {
    const fresh = emptyConfig();
    const freshEnv = { ...env, WTS_CONFIG_DIR: fresh };
    expect((await runWts(['workspace', 'list'], { env: freshEnv })).code).toBe(0);
    expect((await runWts(['task', 'list', 'ws_support'], { env: freshEnv })).code).toBe(0);
    const columns = ['done', 'in_progress', 'todo', 'waiting'];
    expect(everyShell(['wts', 'task', 'list', 'ws_support', '--status='], fresh)).toEqual(
      inEveryShell(columns.map((c) => `--status=${c}`)),
    );
    expect(everyShell(['wts', 'task', 'edit', 'task_s021', '--status=wa'], fresh)).toEqual(inEveryShell(['--status=waiting']));
    expect(everyShell(['wts', 'inbox', '--workspace=ws_s'], fresh)).toEqual(
      inEveryShell(['--workspace=ws_sales', '--workspace=ws_support']),
    );
    if (!shells.bash) return;
    // As bash splits them by default: the value alone, after the `=`.
    expect(bashComplete(['wts', 'task', 'list', 'ws_support', '--status', '=', 'wa'], fresh)).toEqual(['waiting']);
    expect(bashComplete(['wts', 'inbox', '--workspace', '=', 'ws_s'], fresh).sort()).toEqual(['ws_sales', 'ws_support']);
  });

  it('completes scheduled task ids after `schedule check`, `diff` or `view`, with no `schedule list` first (issue 39)', async () => {
    const afterCheck = emptyConfig();
    expect((await runWts(['schedule', 'check'], { env: { ...env, WTS_CONFIG_DIR: afterCheck } })).code).toBe(0);
    expect(everyShell(['wts', 'schedule', 'view', 'sched_sa'], afterCheck)).toEqual(inEveryShell(['sched_sales_digest']));

    // A drift shows the scheduled task that differs by its id.
    const exported = await runWts(['schedule', 'export', '-w', 'ws_sales'], { env });
    expect(exported.code).toBe(0);
    const file = join(emptyConfig(), 'schedules.yaml');
    writeFileSync(file, exported.stdout.replace('cron: 0 9 * * 1-5', 'cron: 0 10 * * 1-5'));
    const afterDiff = emptyConfig();
    const diff = await runWts(['schedule', 'diff', '-f', file], { env: { ...env, WTS_CONFIG_DIR: afterDiff } });
    expect(diff.stdout).toContain('sched_sales_digest');
    expect(readFileSync(join(afterDiff, ID_CACHE_FILE), 'utf8')).toMatch(/^schedule\tsched_sales_digest\tPipeline digest$/m);

    const afterView = emptyConfig();
    expect((await runWts(['schedule', 'view', 'sched_ops_backups'], { env: { ...env, WTS_CONFIG_DIR: afterView } })).code).toBe(0);
    expect(everyShell(['wts', 'schedule', 'pause', 'sched_op'], afterView)).toEqual(inEveryShell(['sched_ops_backups']));
  });
});

describe('ids that are gone: decided, deleted (issue 39)', () => {
  const sandbox = useSandbox();
  /** The ids a --json list printed, of items of `kind` when given (the inbox's pending actions have one). */
  const idsIn = (stdout: string, kind?: string): string[] => {
    const items: unknown = JSON.parse(stdout);
    if (!Array.isArray(items)) throw new Error(`not a JSON list: ${stdout}`);
    return items.flatMap((item: unknown) =>
      isRecord(item) && typeof item.id === 'string' && (kind === undefined || item.kind === kind) ? [item.id] : [],
    );
  };

  it('are no longer offered once approved or rejected, one id or several', async () => {
    const dir = emptyConfig();
    const env = { ...sandbox.env, WTS_CONFIG_DIR: dir };
    const inbox = await runWts(['inbox', '--json'], { env });
    expect(inbox.code).toBe(0);
    const [approved = '', rejected1 = '', rejected2 = ''] = idsIn(inbox.stdout, 'action');
    // A question, still waiting: still offered.
    const [kept = ''] = idsIn(inbox.stdout, 'question');
    expect([approved, rejected1, rejected2, kept]).not.toContain('');
    const offered = () => bashComplete(['wts', 'approval', 'approve', ''], dir);
    if (shells.bash) expect(offered()).toEqual(expect.arrayContaining([approved, rejected1, rejected2, kept]));

    expect((await runWts(['approval', 'approve', approved], { env })).code).toBe(0);
    expect((await runWts(['approval', 'reject', rejected1, rejected2, '--reason', 'Duplicates'], { env })).code).toBe(0);
    const approvals = readFileSync(join(dir, ID_CACHE_FILE), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('approval\t'))
      .map((line) => line.split('\t')[1]);
    expect(approvals).toContain(kept);
    for (const gone of [approved, rejected1, rejected2]) expect(approvals).not.toContain(gone);
    if (shells.bash) expect(offered()).toContain(kept);
    if (shells.bash) expect(offered()).not.toContain(approved);
    if (shells.zsh) expect(zshCandidates(['wts', 'approval', 'reject', ''], dir).names).not.toContain(rejected1);
    if (shells.fish) expect(fishComplete('wts approval approve act_', dir)).not.toContain(rejected2);
  });

  it('are no longer offered once deleted: tasks, scheduled tasks', async () => {
    const dir = emptyConfig();
    const env = { ...sandbox.env, WTS_CONFIG_DIR: dir };
    // Only a task that is done can be deleted.
    const tasks = await runWts(['task', 'list', 'ws_support', '--status', 'done', '--json'], { env });
    const [deleted = '', kept = ''] = idsIn(tasks.stdout);
    expect([deleted, kept]).not.toContain('');
    expect((await runWts(['schedule', 'list'], { env })).code).toBe(0);
    expect((await runWts(['task', 'delete', deleted, '--yes'], { env })).code).toBe(0);
    expect((await runWts(['schedule', 'delete', 'sched_ops_access', '--yes'], { env })).code).toBe(0);
    const text = readFileSync(join(dir, ID_CACHE_FILE), 'utf8');
    expect(text).not.toContain(`task\t${deleted}\t`);
    expect(text).toContain(`task\t${kept}\t`);
    expect(text).not.toContain('schedule\tsched_ops_access\t');
    expect(text).toContain('schedule\tsched_ops_backups\t');
  });
});
