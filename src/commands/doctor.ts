// wts doctor: whether this machine can work with this service (src/doctor/check.ts runs the checks;
// this prints them). Exit 0 when nothing stands in the way, 1 otherwise.
import type { Command } from 'commander';
import type { CommandContext } from '../context.js';
import type { DoctorLine, DoctorReport } from '../doctor/check.js';
import { CliError, ExitCode } from '../errors.js';
import { options, verb, type CliDeps } from '../framework/verb.js';
import { printJson } from '../output/print.js';
import { terminalLine } from '../output/sanitize.js';

interface DoctorOptions {
  refresh?: boolean;
  printNames?: boolean;
}

const SETTLED_WORDS: Record<DoctorLine['settled'], string> = {
  document: 'wts adapts (learned from the document)',
  'names file': 'settled by the names file',
  'needs a names file': 'needs a names file',
};

/** One difference, one line: where, wts's name, the service's (or "missing"), what settles it. */
function differenceLine(d: DoctorLine): string {
  const service = d.service ?? (d.candidates ? `one of ${d.candidates.join(', ')}` : 'missing');
  const what = d.kind === 'operation' ? 'operation' : d.kind === 'value' ? 'value' : d.kind;
  return terminalLine(`  ${d.where}  ${what} ${d.wts}  →  ${service}  (${SETTLED_WORDS[d.settled]})`);
}

function reportLines(report: DoctorReport): string[] {
  const lines = [`origin     ${report.origin} (from ${report.originFrom})`];
  // How the origin is reached: direct, or through which proxy (from HTTPS_PROXY and the rest; src/net/proxy.ts).
  lines.push(`network    ${report.network}`);
  lines.push(`sign-in    ${report.signIn.line}`);
  const doc = report.document;
  if (doc.url === null) {
    lines.push(`document   no OpenAPI document found (${doc.tried.join('; ')}); set one with \`wts config set openapi-url URL\``);
  } else {
    lines.push(`document   ${doc.url} (${doc.cached ? `cached ${doc.fetchedAt}; --refresh to fetch it again` : 'fetched now'})`);
  }
  if (report.names.file) lines.push(`names      ${report.names.file}`);
  const need = report.differences.filter((d) => d.settled === 'needs a names file').length;
  if (doc.url !== null) {
    lines.push(
      report.differences.length === 0
        ? 'contract   the document matches what wts sends and expects'
        : `contract   ${report.differences.length} difference${report.differences.length === 1 ? '' : 's'}, ${need} needing a names file (--print-names)`,
    );
  }
  for (const d of report.differences) lines.push(differenceLine(d));
  return lines.map(terminalLine);
}

export function registerDoctor(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'doctor',
    description:
      "check that this machine can work with the service: origin, sign-in, and the service's own description compared with what wts sends and expects",
    options: options<DoctorOptions>((c) =>
      c
        .option('--refresh', "fetch the service's OpenAPI document again (else a cached one younger than 24 hours is used)")
        .option('--print-names', 'print the names file that settles what was found (wts config set wire-names FILE uses it)'),
    ),
    examples: [
      'wts doctor',
      'wts doctor --refresh --json',
      'wts doctor --print-names > names.json && wts config set wire-names names.json',
    ],
    async run({ ctx, opts }) {
      const { runDoctor } = await import('../doctor/check.js');
      const report = await runDoctor(ctx, { refresh: opts.refresh === true });
      print(ctx, report, opts.printNames === true);
      if (!report.ok) {
        const need = report.differences.filter((d) => d.settled === 'needs a names file').length;
        const why = report.signIn.ok ? `${need} difference${need === 1 ? '' : 's'} need a names file` : 'the sign-in did not work';
        throw new CliError(`wts doctor: ${why} (docs/wire-names.md)`, ExitCode.failure);
      }
    },
  });
}

function print(ctx: CommandContext, report: DoctorReport, names: boolean): void {
  if (names) {
    ctx.io.stdout.write(`${JSON.stringify(report.settling, null, 2)}\n`);
    for (const d of report.differences.filter((l) => l.settled === 'needs a names file'))
      ctx.io.stderr.write(`${terminalLine(`not settled: ${d.where} ${d.kind} ${d.wts}: add the service's name by hand`)}\n`);
    return;
  }
  if (ctx.json) {
    printJson(ctx, report);
    return;
  }
  ctx.io.stdout.write(`${reportLines(report).join('\n')}\n`);
}
