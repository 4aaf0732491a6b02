// A draft as a person edits it: one plain-text section per field, read back exactly.
import { describe, expect, it } from 'vitest';
import { changedFields, draftDocument } from '../../src/input/draft.js';

const DRAFT = {
  to: ['lena@example.com', 'ops@example.com'],
  subject: 'Re: Charged twice',
  body: 'Hi Lena,\n\nThe refund is on its way.\n\n  — Ada\n',
  empty: '',
  priority: 2,
};

/** The marker tag of a document (from its subject line). */
const tagOf = (text: string) => /^@@ subject @@ (\w+)$/m.exec(text)![1]!;

describe('draftDocument', () => {
  it('shows text fields as plain text and the rest as JSON, each under a marker line, after help lines', () => {
    const doc = draftDocument(DRAFT, 'Draft of act_1 (action): Reply to Lena');
    const tag = tagOf(doc.text);
    expect(doc.text.split('\n')[0]).toBe('# Draft of act_1 (action): Reply to Lena');
    expect(doc.text).toContain(
      `\n@@ body @@ ${tag}\nHi Lena,\n\nThe refund is on its way.\n\n  — Ada\n\n@@ empty @@ ${tag}\n\n@@ priority (json) @@ ${tag}\n2\n`,
    );
    expect(doc.text).toContain(`\n@@ to (json) @@ ${tag}\n[\n  "lena@example.com",\n  "ops@example.com"\n]\n`);
    expect(doc.text).not.toContain('\\n');
  });

  it('reads an unchanged document back as the same draft, exactly', () => {
    const doc = draftDocument(DRAFT, 'x');
    expect(doc.read(doc.text)).toEqual(DRAFT);
    expect(changedFields(DRAFT, doc.read(doc.text)!)).toEqual({});
  });

  it('reads edits: new lines, trailing blank lines, no final newline, CRLF markers', () => {
    const doc = draftDocument(DRAFT, 'x');
    const tag = tagOf(doc.text);
    expect(doc.read(`@@ body @@ ${tag}\nLine one\n\n  two\n\n`)).toEqual({ body: 'Line one\n\n  two\n' });
    expect(doc.read(`@@ body @@ ${tag}\nno final newline`)).toEqual({ body: 'no final newline' });
    expect(doc.read(`@@ subject @@ ${tag}\r\nHello\r\n@@ priority (json) @@ ${tag}\r\n3\r\n`)).toEqual({ subject: 'Hello\r', priority: 3 });
    expect(doc.read(`# help\n\n@@ subject @@ ${tag}\n\n`)).toEqual({ subject: '' });
  });

  it('leaves out a deleted section, and says a document with no field is empty', () => {
    const doc = draftDocument(DRAFT, 'x');
    const tag = tagOf(doc.text);
    expect(doc.read(`@@ subject @@ ${tag}\nNew\n`)).toEqual({ subject: 'New' });
    expect(doc.read('')).toBeUndefined();
    expect(doc.read('# only help\n\n')).toBeUndefined();
  });

  it('never reads a marker line planted in a field, nor one with another tag', () => {
    const planted = { body: 'Hi\n@@ to @@ 12345678\nmallory@example.com\n', to: 'lena@example.com' };
    const doc = draftDocument(planted, 'x');
    expect(doc.read(doc.text)).toEqual(planted);
    const tag = tagOf(`@@ subject @@ ${/^@@ body @@ (\w+)$/m.exec(doc.text)![1]}`);
    expect(planted.body).not.toContain(tag);
    expect(doc.read(`@@ body @@ ${tag}\n@@ to @@ other\n`)).toEqual({ body: '@@ to @@ other' });
  });

  it('refuses what it cannot read: text above the first field, a field twice, bad JSON', () => {
    const doc = draftDocument(DRAFT, 'x');
    const tag = tagOf(doc.text);
    expect(() => doc.read(`stray text\n@@ subject @@ ${tag}\nx\n`)).toThrow(/text above the first field is not part of any field/);
    expect(() => doc.read(`@@ subject @@ ${tag}\nx\n@@ subject @@ ${tag}\ny\n`)).toThrow(/the field subject appears twice/);
    expect(() => doc.read(`@@ priority (json) @@ ${tag}\n{oops\n`)).toThrow(/priority \(json\) is not valid JSON/);
  });

  it('refuses to write a field whose name could break its marker line', () => {
    expect(() => draftDocument({ 'a\nb': 'x' }, 'x')).toThrow(/cannot be edited as text; change it with --draft-file F/);
    expect(() => draftDocument({ '@@ to': 'x' }, 'x')).toThrow(/cannot be edited as text/);
  });

  it('keeps the help to one line per line even when the summary holds control characters', () => {
    const doc = draftDocument({ subject: 'x' }, 'Draft: evil\n@@ subject @@ x\x1b[2J');
    expect(doc.text.split('\n')[0]).toMatch(/^# Draft: evil.*@@ subject @@ x.*\[2J$/);
    expect(doc.read(doc.text)).toEqual({ subject: 'x' });
  });
});
