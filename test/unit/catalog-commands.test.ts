// Every operation of the catalog has a command: the code the commands run names it (a call, a listing, a
// bulk verb's check), or it is excused below by name with the reason. Read from the source as TypeScript
// sees it (string literals, not comments), following the imports from src/commands/ — but not into the
// HTTP layer, the catalog, `wts mcp` or `wts api`, which reach every operation without naming any, nor
// into the sandbox.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../src/contract/operations.js';

const SRC = resolve(import.meta.dirname, '../../src');

/** Operations no command calls, each with why. */
const WITHOUT_COMMAND: Readonly<Record<string, string>> = {};

/** Where the walk does not go: what reaches every operation generically, and the sandbox. */
const NOT_COMMANDS = ['api/', 'contract/', 'mcp/', 'sandbox/', 'commands/mcp.ts', 'commands/api.ts', 'commands/sandbox.ts'];

const outside = (file: string) => {
  const path = relative(SRC, file);
  return path.startsWith('..') || NOT_COMMANDS.some((prefix) => path === prefix || path.startsWith(prefix));
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The string literals of the command side, and the files they were read from. */
function commandSide(): { strings: Set<string>; files: Set<string> } {
  const strings = new Set<string>();
  const files = new Set<string>();
  const queue = tsFiles(join(SRC, 'commands')).filter((f) => !outside(f));
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (files.has(file)) continue;
    files.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const specifier = node.text;
        const imported = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isCallExpression(node.parent);
        if (imported && specifier.startsWith('.') && specifier.endsWith('.js')) {
          const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
          if (!outside(target)) queue.push(target);
        } else strings.add(specifier);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { strings, files };
}

describe('the catalog and the commands', () => {
  const side = commandSide();

  it('reads the commands and what they run', () => {
    const read = [...side.files].map((f) => relative(SRC, f));
    expect(read).toContain('commands/reminder.ts');
    expect(read).toContain('approvals/decisions.ts');
    expect(read.filter((f) => outside(join(SRC, f)))).toEqual([]);
  });

  it('has a command for every operation, or a reason why not', () => {
    const missing = OPERATION_IDS.filter((id) => !side.strings.has(id) && WITHOUT_COMMAND[id] === undefined);
    expect(missing, 'operations no command names (give one a command, or excuse it in WITHOUT_COMMAND)').toEqual([]);
  });

  it('excuses only operations of the catalog that indeed have no command', () => {
    for (const [id, reason] of Object.entries(WITHOUT_COMMAND)) {
      expect(OPERATION_IDS, id).toContain(id);
      expect(side.strings.has(id), `${id} has a command now: drop its excuse`).toBe(false);
      expect(reason.length, id).toBeGreaterThan(10);
    }
  });
});
