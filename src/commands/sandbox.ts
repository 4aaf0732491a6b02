import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import type { CliDeps } from '../framework/verb.js';
import { lazy } from '../lazy.js';

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
}

function parseRate(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('must be a rate from 0 to 1, e.g. 0.2');
  return n;
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 1_000_000) throw new InvalidArgumentError('must be a whole number from 0 to 1000000');
  return n;
}

/** --public-origin: an http(s) origin, no path. */
function parsePublicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('must be a URL such as https://tasks.test:8443');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash)
    throw new InvalidArgumentError('must be an http(s) origin without a path, such as https://tasks.test:8443');
  return url.origin;
}

interface SandboxFlags {
  port?: number;
  publicOrigin?: string;
  autoApprove?: string;
  data?: string;
  seedTasks?: number;
  fault429?: number;
  fault5xx?: number;
  faultDrop?: number;
  latency?: number;
  rateLimit?: number;
  wireNames?: string;
  wireDocument?: 'service' | 'wts';
  unknownNames?: 'refuse' | 'ignore';
}

function oneOf<T extends string>(...choices: T[]): (value: string) => T {
  return (value) => {
    const choice = choices.find((c) => c === value);
    if (choice === undefined) throw new InvalidArgumentError(`must be ${choices.join(' or ')}`);
    return choice;
  };
}

/** The names file of --wire-names, read and checked (src/contract/wire-names.ts); a one-line usage error otherwise. */
async function readWireNames(file: string): Promise<import('../contract/wire-names.js').WireNames> {
  const { parseWireNames } = await import('../contract/wire-names.js');
  try {
    return parseWireNames(JSON.parse(readFileSync(file, 'utf8')), file);
  } catch (err) {
    throw new CliError(`--wire-names: ${err instanceof Error ? err.message : String(err)}`, ExitCode.usage);
  }
}

export function registerSandbox(program: Command, _deps: CliDeps): void {
  program
    .command('sandbox')
    .description('run a local Workspace Task Service (OAuth server, /api/v1 and /mcp) with demo data')
    .option('--port <n>', 'port to listen on (default: a free one)', parsePort)
    .option(
      '--public-origin <url>',
      'the origin the sandbox is reached at behind a TLS front or proxy: its issuer, resources and URLs',
      parsePublicOrigin,
    )
    .option('--auto-approve <user>', 'approve every sign-in as this demo user (ada or ben), with no pages to click')
    .option('--data <file>', 'keep state in this file across restarts (written atomically)')
    .option('--seed-tasks <n>', 'add a workspace "Bulk" holding this many more tasks', parseCount)
    .option('--fault-429 <rate>', 'answer this share of API and MCP requests with 429 and Retry-After', parseRate)
    .option('--fault-5xx <rate>', 'answer this share of API and MCP requests with 503', parseRate)
    .option(
      '--fault-drop <rate>',
      'drop this share of API and MCP connections without an answer (half before acting, half after)',
      parseRate,
    )
    .option('--latency <ms>', 'delay every API and MCP answer by this many milliseconds', parseCount)
    .option('--rate-limit <n>', 'allow this many API and MCP requests per connection per minute (0: no limit)', parseCount)
    .option('--wire-names <file>', 'play a service that names things otherwise: a names file (docs/wire-names.md)')
    .option(
      '--wire-document <names>',
      'with --wire-names, what /api/v1/openapi.json names: service (the renamed wire) or wts (a description that does not tell)',
      oneOf('service', 'wts'),
    )
    .option(
      '--unknown-names <what>',
      'an unknown query parameter or body field: refuse (a 400 naming it, the default) or ignore',
      oneOf('refuse', 'ignore'),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ wts sandbox --port 8787
  $ wts sandbox --auto-approve ada --data ./sandbox.json
  $ wts sandbox --fault-5xx 0.2 --latency 200
  $ wts sandbox --wire-names names.json --unknown-names ignore

Test controls (sandbox only): GET/POST /__sandbox/clock, GET /__sandbox/stats,
GET/POST /__sandbox/faults, POST /__sandbox/auto-approve.`,
    )
    .action(async (opts: SandboxFlags) => {
      const { startSandbox, SandboxStartError } = await lazy['./sandbox/server.js']();
      const names = opts.wireNames === undefined ? undefined : await readWireNames(opts.wireNames);
      const sandbox = await startSandbox({
        port: opts.port,
        ...(opts.publicOrigin !== undefined && { publicOrigin: opts.publicOrigin }),
        autoApprove: opts.autoApprove ?? null,
        dataFile: opts.data,
        seedTasks: opts.seedTasks,
        faults: {
          ...(opts.fault429 !== undefined && { rate429: opts.fault429 }),
          ...(opts.fault5xx !== undefined && { rate5xx: opts.fault5xx }),
          ...(opts.faultDrop !== undefined && { dropRate: opts.faultDrop }),
          ...(opts.latency !== undefined && { latencyMs: opts.latency }),
          ...(opts.rateLimit !== undefined && { rateLimit: opts.rateLimit }),
        },
        log: (line) => process.stderr.write(`${line}\n`),
        ...((names || opts.wireDocument || opts.unknownNames) && {
          wire: { names: names ?? {}, document: opts.wireDocument ?? 'service', unknown: opts.unknownNames ?? 'refuse' },
        }),
      }).catch((err: unknown) => {
        if (err instanceof SandboxStartError) throw new CliError(err.message, ExitCode.usage);
        throw err;
      });
      process.stdout.write(`wts sandbox listening on ${sandbox.origin}\n`);
      if (opts.autoApprove) process.stdout.write(`auto-approving sign-ins as ${opts.autoApprove}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await sandbox.close();
    });
}
