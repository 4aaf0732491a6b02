// Every relative link in README.md, ARCHITECTURE.md and docs/ leads somewhere: the file exists, and an
// #anchor names a heading of that page as GitHub makes its ids (lower case, punctuation dropped, spaces
// to hyphens, repeats numbered -1, -2, …).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's id for a heading's text. */
function githubAnchor(heading: string): string {
  return heading
    .trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = githubAnchor(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1] ?? '');
  return anchors;
}

function brokenLinks(page: string): string[] {
  const file = join(ROOT, page);
  const broken: string[] = [];
  for (const m of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = m[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, …
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    if (!existsSync(target)) {
      broken.push(`${page}: ${link} (no ${relative(ROOT, target)})`);
      continue;
    }
    if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(decodeURIComponent(anchor)))
      broken.push(`${page}: ${link} (no heading #${anchor} in ${relative(ROOT, target)})`);
  }
  return broken;
}

describe('links in the documentation', () => {
  it('makes anchors as GitHub does', () => {
    expect(githubAnchor('Exit codes')).toBe('exit-codes');
    expect(githubAnchor('Scripting, cron jobs and CI')).toBe('scripting-cron-jobs-and-ci');
    expect(githubAnchor('`wts api`')).toBe('wts-api');
    expect(githubAnchor('Runners that keep nothing (GitHub-hosted, any ephemeral runner)')).toBe(
      'runners-that-keep-nothing-github-hosted-any-ephemeral-runner',
    );
  });

  it.each(PAGES)('%s: every relative link and #anchor resolves', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
