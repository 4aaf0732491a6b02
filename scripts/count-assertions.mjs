#!/usr/bin/env node
// Counts type assertions in src/ (or the folder given: test) with the TypeScript compiler's own parser:
// `x as T` and `<T>x` (not `as const`), and non-null assertions `x!`.
//   node scripts/count-assertions.mjs                 counts per file, then the totals
//   node scripts/count-assertions.mjs --list          every assertion with its place
//   node scripts/count-assertions.mjs [DIR] --summary --max-as=N --max-non-null=M
//                                                     the totals; exits 1 when either is above its ceiling
// `npm run lint` runs the last form for src/ and for test/ with the ceilings in package.json, so the
// numbers can only go down.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const list = process.argv.includes('--list');
const summary = process.argv.includes('--summary');
const ceiling = (name) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : Number.POSITIVE_INFINITY;
};
const root = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'src';

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const totals = { as: 0, nonNull: 0 };
const perFile = [];
for (const path of files(root)) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const counts = { as: 0, nonNull: 0 };
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const';
      if (!isConst) {
        counts.as++;
        if (list)
          console.log(
            `as  ${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}  ${node.getText(source).slice(0, 100)}`,
          );
      }
    } else if (ts.isNonNullExpression(node)) {
      counts.nonNull++;
      if (list)
        console.log(`!   ${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}  ${node.getText(source).slice(0, 100)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  totals.as += counts.as;
  totals.nonNull += counts.nonNull;
  if (counts.as || counts.nonNull) perFile.push([path, counts.as, counts.nonNull]);
}
if (!list && !summary) {
  perFile.sort((a, b) => b[1] + b[2] - (a[1] + a[2]));
  for (const [path, as, nonNull] of perFile) console.log(`${String(as).padStart(4)} ${String(nonNull).padStart(4)}  ${path}`);
}
console.log(`${root}: as casts (excluding as const): ${totals.as}\n${root}: non-null assertions: ${totals.nonNull}`);
const over = [
  ['as casts', totals.as, ceiling('max-as')],
  ['non-null assertions', totals.nonNull, ceiling('max-non-null')],
].filter(([, count, max]) => count > max);
for (const [what, count, max] of over)
  console.error(`${root}: ${what}: ${count}, above the ceiling of ${max}; remove some (--list shows each)`);
if (over.length) process.exitCode = 1;
