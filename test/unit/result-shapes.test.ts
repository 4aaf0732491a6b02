// src/contract/result-shapes.ts is read from the catalog's zod schemas (src/contract/resources.ts), so
// that the client checks answers without building them (src/contract/shape.ts says why). This fails
// when the two part; `UPDATE_RESULT_SHAPES=1 npx vitest run test/unit/result-shapes.test.ts` writes
// the file anew.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getOperation, OPERATION_IDS } from '../../src/contract/operations.js';
import { resources, resultSchema } from '../../src/contract/resources.js';
import { FORMATS, RESULT_SHAPES } from '../../src/contract/result-shapes.js';
import { resultShape, shapeOf, type Formats } from '../../src/contract/shape.js';

const FILE = fileURLToPath(new URL('../../src/contract/result-shapes.ts', import.meta.url));

function fromCatalog(): { shapes: Record<string, unknown>; formats: Formats } {
  const formats: Formats = {};
  const shapes = Object.fromEntries(Object.entries(resources).map(([name, schema]) => [name, shapeOf(schema, formats)]));
  return { shapes, formats };
}

if (process.env.UPDATE_RESULT_SHAPES) {
  const { shapes, formats } = fromCatalog();
  writeFileSync(
    FILE,
    `// Generated from the catalog's resources (src/contract/resources.ts) by test/unit/result-shapes.test.ts:\n` +
      `// UPDATE_RESULT_SHAPES=1 npx vitest run test/unit/result-shapes.test.ts. Do not edit.\n` +
      `import type { ResourceName } from './resources.js';\nimport type { Formats, Shape } from './shape.js';\n\n` +
      `/** The shape of each resource, as its zod schema gives it. */\nexport const RESULT_SHAPES: Record<ResourceName, Shape> = ${JSON.stringify(shapes)};\n\n` +
      `/** The pattern of each string format the resources use. */\nexport const FORMATS: Formats = ${JSON.stringify(formats)};\n`,
  );
  execFileSync('npx', ['biome', 'format', '--write', FILE]);
}

describe('the shapes the client checks answers against', () => {
  it("are the catalog's resources", () => {
    const { shapes, formats } = fromCatalog();
    expect(RESULT_SHAPES).toEqual(shapes);
    expect(FORMATS).toEqual(formats);
  });

  it("make every operation's result as resultSchema does (pages included)", () => {
    for (const id of OPERATION_IDS) {
      const op = getOperation(id);
      const formats: Formats = {};
      expect(resultShape(op.page, RESULT_SHAPES[op.result]), id).toEqual(shapeOf(resultSchema(op), formats));
    }
  });
});
