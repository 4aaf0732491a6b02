import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return n;
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 1_000_000) throw new InvalidArgumentError('must be a whole number from 0 to 1000000');
  return n;
}

export function registerSandbox(program: Command): void {
  program
    .command('sandbox')
    .description('run a local Workspace Task Service (OAuth server, /api/v1 and /mcp) with demo data')
    .option('--port <n>', 'port to listen on (default: a free one)', parsePort)
    .option('--auto-approve <user>', 'approve every sign-in as this demo user (ada or ben), with no pages to click')
    .option('--data <file>', 'keep state in this file across restarts (written atomically)')
    .option('--seed-tasks <n>', 'add a workspace "Bulk" holding this many more tasks', parseCount)
    .addHelpText('after', '\nExamples:\n  $ wts sandbox --port 8787\n  $ wts sandbox --auto-approve ada --data ./sandbox.json\n')
    .action(async (opts: { port?: number; autoApprove?: string; data?: string; seedTasks?: number }) => {
      const { startSandbox } = await import('../sandbox/server.js');
      const sandbox = await startSandbox({
        port: opts.port,
        autoApprove: opts.autoApprove ?? null,
        dataFile: opts.data,
        seedTasks: opts.seedTasks,
        log: (line) => process.stderr.write(`${line}\n`),
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
