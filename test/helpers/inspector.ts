// The MCP Inspector's CLI, as the tests run it: against a server of a config file (the file, and all the
// Inspector keeps, in a temporary directory of the test's own), printing JSON; never an interactive sign-in.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const inspectorBin = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'mcp-inspector');

export interface InspectorOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment for the Inspector with `dir` as its home: everything it keeps goes there, encrypted
 * with a throwaway key, so it neither touches the user's ~/.mcp-inspector nor prints a notice about
 * where secrets are kept.
 */
export function inspectorEnv(dir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOME: dir,
    MCP_STORAGE_DIR: join(dir, 'storage'),
    MCP_INSPECTOR_OAUTH_STATE_PATH: join(dir, 'storage', 'oauth.json'),
    MCP_INSPECTOR_SECRET_STORE: 'file',
    MCP_INSPECTOR_SECRET_KEY: randomBytes(32).toString('hex'),
    MCP_AUTO_OPEN_ENABLED: 'false',
    NO_COLOR: '1',
  };
}

/** Runs the Inspector's CLI against `server` of `dir`/mcp.json; its exit code, stdout and stderr. */
export async function inspector(dir: string, env: NodeJS.ProcessEnv, server: string, ...args: string[]): Promise<InspectorOutcome> {
  const argv = ['--cli', '--config', join(dir, 'mcp.json'), '--server', server, '--stored-auth-only', '--format', 'json', ...args];
  try {
    const { stdout, stderr } = await run(inspectorBin, argv, { env, cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
