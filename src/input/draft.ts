// A pending action's draft as a person edits it. Scripts pass one JSON object of fields (--draft-file,
// --set); in the editor, each field is a section of plain text, so an email body reads and saves as the
// email it is (no JSON string with \n escapes). Only the changed fields are sent (the service merges them).
import { CliError, ExitCode, messageOf } from '../errors.js';
import { terminalLine } from '../output/sanitize.js';
import { isRecord } from '../type-guards.js';

export type Draft = Record<string, unknown>;

/** A draft from a file or the editor: it must be one JSON object; `where` names its source. */
export function parseDraft(text: string, where: string): Draft {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new CliError(`${where}: not valid JSON (${messageOf(err)})`, ExitCode.usage);
  }
  if (!isRecord(parsed)) throw new CliError(`${where}: must be a JSON object of draft fields`, ExitCode.usage);
  return parsed;
}

/** The fields of `edited` whose value differs from `current`. */
export function changedFields(current: Draft, edited: Draft): Draft {
  return Object.fromEntries(Object.entries(edited).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(current[field])));
}

/**
 * The draft as a document to edit. Each field starts at a marker line `@@ FIELD @@ TAG` and runs to the
 * next marker: a text field is its text as is (newlines included, the one newline before the next marker
 * being the separator); any other value is marked "(json)" and is read as JSON. TAG is random and found in
 * no value, so text inside a field (which comes from the service) can never pose as a marker. Lines
 * starting with "#" before the first marker are help.
 */
export interface DraftDocument {
  text: string;
  /** The fields as edited in `text`; a section deleted leaves its field out (unchanged). undefined: the document is empty. */
  read(text: string): Draft | undefined;
}

export function draftDocument(draft: Draft, about: string): DraftDocument {
  // A field name is one line of a marker: one that could break it is edited as JSON (--draft-file) instead.
  const awkward = Object.keys(draft).find((field) => /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|@@/.test(field));
  if (awkward !== undefined) {
    throw new CliError(
      `the draft has a field named ${JSON.stringify(awkward)}, which cannot be edited as text; change it with --draft-file F (JSON)`,
      ExitCode.usage,
    );
  }
  const values = Object.entries(draft).flatMap(([field, v]) => [field, typeof v === 'string' ? v : JSON.stringify(v)]);
  let tag: string;
  // Not a secret: it only has to be absent from every value, which were all written before it was drawn.
  do tag = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  while (values.some((v) => v.includes(tag)));
  const marker = (field: string, json: boolean) => `@@ ${field}${json ? ' (json)' : ''} @@ ${tag}`;
  const help = [
    `# ${terminalLine(about)}`,
    `# Each field runs from its "@@ FIELD @@ ${tag}" line to the next one and is sent as you write it,`,
    '# newlines included; a field marked (json) is read as JSON. Delete a section to leave that field as',
    '# it is. Save and close to send what changed; empty the file, or quit with an error (vim: :cq), to',
    '# send nothing. Lines starting with # above the first field are ignored.',
  ];
  const sections = Object.entries(draft).map(([field, value]) =>
    typeof value === 'string' ? `${marker(field, false)}\n${value}\n` : `${marker(field, true)}\n${JSON.stringify(value, null, 2)}\n`,
  );
  const markerLine = new RegExp(`^@@ (.+?)( \\(json\\))? @@ ${tag}\\r?$`);
  return {
    text: `${help.join('\n')}\n${sections.join('')}`,
    read(text) {
      const fields: Draft = {};
      // Marker lines with where their line starts and ends.
      const marks: { field: string; json: boolean; start: number; end: number }[] = [];
      for (let at = 0; at < text.length; ) {
        const newline = text.indexOf('\n', at);
        const end = newline === -1 ? text.length : newline;
        const [marker, field = '', json] = markerLine.exec(text.slice(at, end)) ?? [];
        if (marker !== undefined) marks.push({ field, json: Boolean(json), start: at, end: Math.min(end + 1, text.length) });
        at = end + 1;
      }
      const before = (marks[0] ? text.slice(0, marks[0].start) : text).split('\n');
      if (before.some((line) => line.trim() !== '' && !line.startsWith('#'))) {
        throw new CliError(
          `the edited draft: text above the first field is not part of any field; put it under a "@@ FIELD @@ ${tag}" line`,
          ExitCode.usage,
        );
      }
      if (marks.length === 0) return undefined;
      marks.forEach((mark, i) => {
        const next = marks[i + 1];
        let content = text.slice(mark.end, next ? next.start : text.length);
        if (content.endsWith('\n')) content = content.slice(0, -1);
        if (Object.hasOwn(fields, mark.field))
          throw new CliError(`the edited draft: the field ${mark.field} appears twice`, ExitCode.usage);
        if (!mark.json) {
          fields[mark.field] = content;
          return;
        }
        try {
          fields[mark.field] = JSON.parse(content);
        } catch (err) {
          throw new CliError(`the edited draft: ${mark.field} (json) is not valid JSON (${messageOf(err)})`, ExitCode.usage);
        }
      });
      return fields;
    },
  };
}
