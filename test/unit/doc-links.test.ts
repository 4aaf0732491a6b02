// Every relative link in README.md, ARCHITECTURE.md and docs/ leads somewhere: the file exists, and an
// #anchor names a heading of that page as GitHub makes its ids (lower case, punctuation dropped, spaces
// to hyphens, repeats numbered -1, -2, …). Inline links, links in angle brackets and reference-style
// definitions are all checked, and the check counts what it checked: a pattern that quietly matched
// nothing would otherwise pass. Every page under docs/ is linked from another page.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** The ids of a page's headings (ATX `#` and setext underlined ones) and of its `<a name|id>` tags. */
function anchorsIn(markdown: string): Set<string> {
  const text = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  const headings = text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$|^([^\s#>|-].*)\n(?:=+|-+)\s*$/gm);
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of headings) {
    const base = githubAnchor(m[1] ?? m[2] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1] ?? '');
  return anchors;
}

/** The link targets of a page: `[text](target)`, `[text](<target>)` and `[label]: target` definitions. */
function linksIn(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\((?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? m[2] ?? '');
  const defined = [...text.matchAll(/^ {0,3}\[[^\]\n]+\]:\s*(?:<([^>\n]+)>|(\S+))/gm)].map((m) => m[1] ?? m[2] ?? '');
  return [...inline, ...defined];
}

interface Checked {
  broken: string[];
  /** Relative links followed, and how many of them named an #anchor. */
  links: number;
  anchors: number;
  /** How many of the anchors are in the page itself (`#foo`). */
  sameAnchors: number;
  /** The files the page's links lead to. */
  targets: string[];
}

/** Checks a page's relative links; `file` is where the page is (links resolve from its directory). */
function checkLinks(file: string, markdown: string, read: (file: string) => string = (f) => readFileSync(f, 'utf8')): Checked {
  const page = relative(ROOT, file);
  const checked: Checked = { broken: [], links: 0, anchors: 0, sameAnchors: 0, targets: [] };
  for (const link of linksIn(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:, …
    checked.links++;
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? file : join(dirname(file), decodeURIComponent(path));
    checked.targets.push(target);
    if (!existsSync(target)) {
      checked.broken.push(`${page}: ${link} (no ${relative(ROOT, target)})`);
      continue;
    }
    if (anchor === undefined || !target.endsWith('.md')) continue;
    checked.anchors++;
    if (target === file) checked.sameAnchors++;
    const anchors = anchorsIn(target === file ? markdown : read(target));
    if (!anchors.has(decodeURIComponent(anchor)))
      checked.broken.push(`${page}: ${link} (no heading #${anchor} in ${relative(ROOT, target)})`);
  }
  return checked;
}

const checkPage = (page: string) => checkLinks(join(ROOT, page), readFileSync(join(ROOT, page), 'utf8'));

describe('the link check', () => {
  it('makes anchors as GitHub does', () => {
    expect(githubAnchor('Exit codes')).toBe('exit-codes');
    expect(githubAnchor('Scripting, cron jobs and CI')).toBe('scripting-cron-jobs-and-ci');
    expect(githubAnchor('`wts api`')).toBe('wts-api');
    expect(githubAnchor('Runners that keep nothing (GitHub-hosted, any ephemeral runner)')).toBe(
      'runners-that-keep-nothing-github-hosted-any-ephemeral-runner',
    );
    expect([...anchorsIn('# Title\n\n## Exit codes\n\n## Exit codes\n\nSetext\n------\n\n```sh\n# not a heading\n```\n')]).toEqual([
      'title',
      'exit-codes',
      'exit-codes-1',
      'setext',
    ]);
  });

  it('finds inline links, links in angle brackets and reference-style definitions, not those in code', () => {
    const text = [
      'See [a](a.md), [b](<b c.md#two> "title"), [ref][r] and [d](https://example.com).',
      '`[not](code.md)`',
      '```',
      '[not](fenced.md)',
      '```',
      '[r]: r.md#three',
      '[s]: <s.md>',
    ].join('\n');
    expect(linksIn(text)).toEqual(['a.md', 'b c.md#two', 'https://example.com', 'r.md#three', 's.md']);
  });

  it('reports a link to a missing heading of another page or of the same page, and a missing page', () => {
    // The link docs/ci.md once had: README.md has no section "In cron jobs and CI".
    const readme = join(ROOT, 'README.md');
    const ci = join(ROOT, 'docs', 'ci.md');
    const page = [
      '# CI',
      '## Secrets',
      'See [the README](../README.md#in-cron-jobs-and-ci), [above](#secrets), [below](#nowhere),',
      '[the install](../README.md#install), [gone](gone.md) and [by reference][ref].',
      '',
      '[ref]: <../README.md#no-such-section>',
    ].join('\n');
    const read = (f: string) => (f === readme ? '# wts\n## Install\n## Scripting, cron jobs and CI\n' : '');
    const checked = checkLinks(ci, page, read);
    expect(checked.broken).toEqual([
      'docs/ci.md: ../README.md#in-cron-jobs-and-ci (no heading #in-cron-jobs-and-ci in README.md)',
      'docs/ci.md: #nowhere (no heading #nowhere in docs/ci.md)',
      'docs/ci.md: gone.md (no docs/gone.md)',
      'docs/ci.md: ../README.md#no-such-section (no heading #no-such-section in README.md)',
    ]);
    expect(checked).toMatchObject({ links: 6, anchors: 5, sameAnchors: 2 });
  });
});

describe('links in the documentation', () => {
  it.each(PAGES)('%s: every relative link and #anchor resolves', (page) => {
    expect(checkPage(page).broken).toEqual([]);
  });

  it('checks links, and anchors in other pages and in the same page', () => {
    const all = PAGES.map(checkPage);
    const links = all.reduce((n, c) => n + c.links, 0);
    const anchors = all.reduce((n, c) => n + c.anchors, 0);
    const samePage = all.reduce((n, c) => n + c.sameAnchors, 0);
    console.log(`${links} relative links, ${anchors} with an #anchor (${samePage} in the same page), in ${PAGES.length} pages`);
    // 78 links, 15 anchors (1 in the same page) in 26 pages when this was written.
    expect(PAGES.length).toBeGreaterThanOrEqual(20);
    expect(links).toBeGreaterThanOrEqual(60);
    expect(anchors - samePage).toBeGreaterThanOrEqual(10);
    expect(samePage).toBeGreaterThanOrEqual(1);
  });

  it('links every page under docs/ from README.md or another page', () => {
    const linked = new Set(PAGES.flatMap((page) => checkPage(page).targets.filter((t) => t !== join(ROOT, page))));
    expect(PAGES.filter((page) => page.startsWith('docs/') && !linked.has(join(ROOT, page)))).toEqual([]);
  });

  it('keeps docs/performance.md to the method, the current table and where the time goes: under 20 KB', () => {
    // Run logs belong in the bench's output, not in the page.
    expect(statSync(join(ROOT, 'docs', 'performance.md')).size).toBeLessThan(20_000);
  });
});
