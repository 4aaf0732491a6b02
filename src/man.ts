// Man pages rendered from the command tree, one per top-level command as gh has them: wts(1) lists the
// commands, the global options, the environment and the exit codes; wts-task(1) and the others hold every
// verb of their group with its usage, arguments, options and examples, as `wts GROUP VERB --help` shows
// them. `npm run man` writes them to man/ (scripts/man.mjs); a test fails while the checked-in pages
// differ from what the tree renders.
import type { Command, Help } from 'commander';
import { EventEmitter } from 'node:events';
import { ENVIRONMENT_VARIABLES } from './commands/help.js';

/** Where `npm run man` writes the pages, relative to the repository. */
export const MAN_DIR = 'man';

export interface ManPage {
  /** The file name in MAN_DIR: wts.1, wts-task.1, … */
  file: string;
  text: string;
}

/** What each exit code means (README "Exit codes"). */
const EXIT_CODES: [code: number, meaning: string][] = [
  [0, 'ok'],
  [1, 'failure: network, server 5xx after retries, a service whose paging would never end, unexpected'],
  [2, 'usage or invalid input (caught before any request is sent, or a 400)'],
  [3, 'not found'],
  [4, 'sign-in needed: no credentials, 401, connection revoked or expired'],
  [5, 'forbidden: scope not granted, workspace not shared with this connection'],
  [6, 'conflict (409), e.g. deleting a task that is not done'],
  [7, "rate limited after retries, or told to wait past a wait's --timeout"],
  [8, 'a check failed'],
];

/**
 * Text for roff: backslashes and hyphens escaped, and a line that would start with a control character
 * (. or ') guarded.
 */
function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

/** Several spaces and line breaks as one space: commander's help wraps, roff fills. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** One line ending in a full stop. */
const sentence = (text: string) => oneLine(text).replace(/([^.!?])$/, '$1.');

/** What `addHelpText('after', …)` added to a command's help (examples, notes), as --help prints it. */
function afterHelp(command: Command): string {
  let text = '';
  // Commander keeps it as a listener of the command's afterHelp event (a Command is an EventEmitter).
  EventEmitter.prototype.emit.call(command, 'afterHelp', { error: false, command, write: (s: string) => (text += s) });
  return text;
}

/** The after-help text as roff: paragraphs, and an "Examples:" block with one command a line. */
function renderAfterHelp(text: string): string[] {
  const out: string[] = [];
  const [notes = '', examples] = text.split(/^Examples:\n/m);
  for (const paragraph of notes
    .split(/\n\s*\n/)
    .map(oneLine)
    .filter(Boolean))
    out.push('.PP', roff(paragraph));
  if (examples !== undefined) {
    const lines = examples
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => l.replace(/^\s*\$ /, '').trim());
    out.push('.PP', 'Examples:', '.PP', '.RS 4', '.nf', ...lines.map(roff), '.fi', '.RE');
  }
  return out;
}

/** Arguments and options of one command as tagged paragraphs. */
function renderTerms(help: Help, command: Command, options: boolean): string[] {
  const out: string[] = [];
  const args = help.visibleArguments(command);
  if (args.length > 0) {
    out.push('.PP', 'Arguments:');
    for (const a of args) out.push('.TP', `.B ${roff(help.argumentTerm(a))}`, roff(oneLine(help.argumentDescription(a))));
  }
  if (options) {
    const opts = help.visibleOptions(command).filter((o) => o.long !== '--help');
    if (opts.length > 0) {
      out.push('.PP', 'Options:');
      for (const o of opts) out.push('.TP', `.B ${roff(help.optionTerm(o))}`, roff(oneLine(help.optionDescription(o))));
    }
  }
  return out;
}

/** The words that run a command: "wts task list". */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The leaves under `command` (itself when it has no subcommands), in help order. */
function leaves(help: Help, command: Command): Command[] {
  const subs = help.visibleCommands(command).filter((c) => c.name() !== 'help');
  return subs.length === 0 ? [command] : subs.flatMap((c) => leaves(help, c));
}

function header(name: string, version: string, summary: string): string[] {
  return [
    '.\\" Generated from the command tree by `npm run man`; do not edit.',
    `.TH "${name.toUpperCase()}" "1" "" "wts ${version}" "wts manual"`,
    '.SH NAME',
    `${roff(name)} \\- ${roff(oneLine(summary))}`,
  ];
}

/** The page of one top-level command: its verbs, each as `wts GROUP VERB --help` describes it. */
function groupPage(program: Command, group: Command, version: string): ManPage {
  const help = group.createHelp();
  const name = `wts-${group.name()}`;
  const verbs = leaves(help, group);
  const out = header(name, version, group.description());
  out.push('.SH SYNOPSIS');
  for (const [i, v] of verbs.entries()) {
    const usage = help.commandUsage(v).slice(pathOf(v).length).trim();
    out.push(i === 0 ? '.PP' : '.br', `\\fB${roff(pathOf(v))}\\fR${usage ? ` ${roff(usage)}` : ''}`);
  }
  if (group.aliases().length > 0)
    out.push(
      '.PP',
      roff(
        `Also: ${group
          .aliases()
          .map((a) => `wts ${a}`)
          .join(', ')}.`,
      ),
    );
  const own = afterHelp(group);
  if (verbs[0] !== group) {
    out.push('.SH COMMANDS');
    for (const v of verbs) {
      out.push(`.SS "${roff(pathOf(v))}"`, roff(oneLine(help.commandDescription(v))));
      if (v.aliases().length > 0) out.push('.PP', roff(`Also: ${v.aliases().join(', ')}.`));
      out.push(...renderTerms(help, v, true), ...renderAfterHelp(afterHelp(v)));
    }
    if (own) out.push('.SH NOTES', ...renderAfterHelp(own));
  } else {
    out.push('.SH DESCRIPTION', roff(oneLine(help.commandDescription(group))), ...renderTerms(help, group, true), ...renderAfterHelp(own));
  }
  out.push('.SH GLOBAL OPTIONS', 'As for every command; see \\fBwts\\fR(1).');
  out.push(...globalOptions(help, program));
  out.push('.SH SEE ALSO', '\\fBwts\\fR(1)');
  return { file: `${name}.1`, text: `${out.join('\n')}\n` };
}

function globalOptions(help: Help, program: Command): string[] {
  const out: string[] = [];
  for (const o of help.visibleOptions(program)) out.push('.TP', `.B ${roff(help.optionTerm(o))}`, roff(oneLine(help.optionDescription(o))));
  return out;
}

/** wts(1): the commands, global options, environment and exit codes. */
function mainPage(program: Command, groups: Command[], version: string): ManPage {
  const help = program.createHelp();
  const out = header('wts', version, program.description());
  out.push('.SH SYNOPSIS', '.B wts', '[\\fIoptions\\fR] \\fIcommand\\fR [\\fIsubcommand\\fR] [\\fIarguments\\fR]');
  out.push(
    '.SH DESCRIPTION',
    roff(oneLine(program.description())),
    '.PP',
    roff(
      "On a terminal, lists are tables fitted to its width; piped, they are tab-separated lines with no header and no color; with --json, the service's objects. Nothing prompts without a terminal. `wts` alone prints the help; `wts COMMAND --help` the help of a command, with examples.",
    ),
  );
  out.push('.SH COMMANDS');
  for (const g of groups)
    out.push('.TP', `.B ${roff(`wts ${g.name()}`)}`, `${roff(sentence(g.description()))} See \\fB${roff(`wts-${g.name()}`)}\\fR(1).`);
  out.push('.SH OPTIONS', ...globalOptions(help, program));
  out.push('.SH ENVIRONMENT');
  for (const v of ENVIRONMENT_VARIABLES) out.push('.TP', `.B ${roff(v.name)}`, roff(v.description));
  out.push(
    '.PP',
    roff(
      'Proxies (HTTPS_PROXY, NO_PROXY, credentials in the proxy URL) and certificates (the system store, a company CA in WTS_CA_FILE): see docs/networks.md, "Networks: proxies and certificates".',
    ),
  );
  out.push('.SH EXIT STATUS');
  for (const [code, meaning] of EXIT_CODES) out.push('.TP', `.B ${code}`, roff(meaning));
  out.push('.SH SEE ALSO', groups.map((g) => `\\fB${roff(`wts-${g.name()}`)}\\fR(1)`).join(', '));
  return { file: 'wts.1', text: `${out.join('\n')}\n` };
}

/** Every page for the whole command tree (buildProgram without argv), wts.1 first. */
export function manPages(program: Command, version: string): ManPage[] {
  const groups = program
    .createHelp()
    .visibleCommands(program)
    .filter((c) => c.name() !== 'help');
  return [mainPage(program, groups, version), ...groups.map((g) => groupPage(program, g, version))];
}
