// Starting the user's programs (editor, browser, pager, `--exec` hooks) on Windows without letting text
// become code. Node starts a program with CreateProcess, which runs .exe and .com files only; since Node
// 20.12.2 (CVE-2024-27980) it refuses to start a .cmd or .bat file without a shell, and many editors are
// such files (`code` is code.cmd). Those run through cmd.exe, as cross-spawn does it: the line is given
// verbatim (`windowsVerbatimArguments`, else Node re-quotes it with \" which cmd.exe does not read) and
// every argument is quoted for the program and caret-escaped for cmd.exe, twice for a batch file (which
// hands its %* to a second parse), so `&`, `|`, `%` and `!` in a path or an argument stay text.
// Everything takes the platform as a parameter, so the Windows paths are unit-tested on Linux.
import { statSync } from 'node:fs';
import { win32 } from 'node:path';
import type { Env } from './io.js';

/** What `spawn` gets: the program, its arguments, and the one option that matters here. */
export interface Launch {
  file: string;
  args: string[];
  windowsVerbatimArguments: boolean;
}

/** cmd.exe's special characters (cross-spawn's list), each escaped with a caret. */
const CMD_META = /([()\][%!^"`<>&|;, *?])/g;

/** A variable of `env`; on Windows the names are case-insensitive (`Path`, `PATH`). */
export function envValue(env: Env, name: string, platform: NodeJS.Platform = process.platform): string | undefined {
  if (env[name] !== undefined || platform !== 'win32') return env[name];
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(env)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/**
 * The program for a cmd.exe line: its full path in plain quotes (`"C:\Program Files\…\code.cmd"`, the
 * form cmd.exe reads as one name; a Windows path holds no quote).
 */
export function cmdProgram(program: string): string {
  return `"${win32.normalize(program)}"`;
}

/**
 * One argument for a cmd.exe line: quoted as the C runtime reads a command line (backslashes doubled
 * before a quote), then caret-escaped for cmd.exe, twice when the program is a batch file.
 */
export function cmdArgument(arg: string, batchFile: boolean): string {
  let quoted = arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1');
  quoted = `"${quoted}"`.replace(CMD_META, '^$1');
  return batchFile ? quoted.replace(CMD_META, '^$1') : quoted;
}

/** The user's own command line run by cmd.exe as written (`/d`: no AutoRun; `/s /c "…"`: taken whole). */
export function cmdShell(env: Env, line: string, flags: string[] = []): Launch {
  return {
    file: envValue(env, 'ComSpec', 'win32') || 'cmd.exe',
    args: ['/d', ...flags, '/s', '/c', `"${line}"`],
    windowsVerbatimArguments: true,
  };
}

/** Whether `path` is a file (the default test of `findWindowsProgram`). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Where `name` is found: a path as given (with each PATHEXT extension when it has none of them), else
 * each PATH directory in order; undefined when nowhere. Never the current directory, which cmd.exe and
 * CreateProcess search first: a `notepad.bat` in a cloned repository must not run (as gh, since
 * CVE-2020-26233).
 */
export function findWindowsProgram(name: string, env: Env, exists: (path: string) => boolean = isFile): string | undefined {
  const exts = (envValue(env, 'PATHEXT', 'win32') || '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  const hasExt = exts.some((ext) => name.toLowerCase().endsWith(ext.toLowerCase()));
  const candidates = (base: string) => (hasExt ? [base] : exts.map((ext) => base + ext.toLowerCase()));
  const dirs = /[\\/:]/.test(name) ? [''] : (envValue(env, 'PATH', 'win32') ?? '').split(';').filter(Boolean);
  for (const dir of dirs) for (const file of candidates(dir ? win32.join(dir, name) : name)) if (exists(file)) return file;
  return undefined;
}

/**
 * How to start `program` with `args` on `platform`. On Windows, an .exe or .com is started by its full
 * path; a .cmd or .bat (or a file of another PATHEXT type) through cmd.exe, escaped; a program found
 * nowhere: undefined (ENOENT, to the caller), never looked for in the current directory.
 */
export function launchFor(
  program: string,
  args: string[],
  env: Env,
  platform: NodeJS.Platform = process.platform,
  exists?: (path: string) => boolean,
): Launch | undefined {
  const direct = { file: program, args, windowsVerbatimArguments: false };
  if (platform !== 'win32') return direct;
  const found = findWindowsProgram(program, env, exists);
  // Found nowhere: started by its name, CreateProcess would look in the current directory.
  if (!found) return undefined;
  if (/\.(exe|com)$/i.test(found)) return { ...direct, file: found };
  const batch = /\.(cmd|bat)$/i.test(found);
  return cmdShell(env, [cmdProgram(found), ...args.map((a) => cmdArgument(a, batch))].join(' '));
}
