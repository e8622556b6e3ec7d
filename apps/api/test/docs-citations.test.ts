import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments cite the documents that live in this repository (docs/decisions/README.md): a rule is
// cited as `docs/shop-rules.md#coupons`, a decision as `docs/decisions/integer-rupiah.md`. This
// test fails on a citation of a document outside the repository (the product specification's or
// the design's numbered sections) or of an issue, and on a cited document or heading that does
// not exist.

const root = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps', 'packages', 'scripts'];
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-output', 'test-results', 'playwright-report', 'coverage']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|html|css)$/;

/** The patterns are spelled with escapes, so that this file does not match them itself. */
const OUTSIDE = [
  { what: 'the specification', pattern: /\bspec \u00a7/i },
  { what: 'the design document', pattern: /\bdesign \u00a7/i },
  { what: 'a numbered section of a document outside the repository', pattern: /\u00a7\s*\d/ },
  { what: 'an issue', pattern: /\bissue \u0023\d/i },
];

async function textFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await textFiles(full)));
    else if (entry.isFile() && TEXT.test(entry.name)) files.push(full);
  }
  return files;
}

async function scannedFiles(): Promise<{ file: string; lines: string[] }[]> {
  const files = (await Promise.all(SCANNED.map((dir) => textFiles(path.join(root, dir))))).flat();
  return Promise.all(files.map(async (file) => ({ file: path.relative(root, file), lines: (await readFile(file, 'utf8')).split('\n') })));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces become '-'. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (outside code blocks); a repeated heading gets -1, -2, … */
export function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('anchors as GitHub makes them', () => {
  it('lower-cases, drops punctuation and joins words with -', () => {
    expect(anchorOf('The shop’s rules: statuses & moves')).toBe('the-shops-rules-statuses--moves');
    expect(anchorOf('Prices and sizes')).toBe('prices-and-sizes');
    expect([...anchorsIn('# A\n## Kept word-for-word\n```\n# not a heading\n```\n## Kept word-for-word\n')]).toEqual([
      'a',
      'kept-word-for-word',
      'kept-word-for-word-1',
    ]);
  });
});

describe('comments cite documents in the repository', () => {
  it('cites neither the specification, nor the design document, nor an issue', async () => {
    const found: string[] = [];
    for (const { file, lines } of await scannedFiles()) {
      lines.forEach((line, i) => {
        for (const { what, pattern } of OUTSIDE) if (pattern.test(line)) found.push(`${file}:${i + 1} cites ${what}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('cites documents and headings that exist', async () => {
    const citations: { at: string; doc: string; anchor: string | undefined }[] = [];
    for (const { file, lines } of await scannedFiles()) {
      lines.forEach((line, i) => {
        for (const [, doc, anchor] of line.matchAll(/\b(docs\/[\w./-]*\w\.md)(?:#([\w-]+))?/g)) {
          citations.push({ at: `${file}:${i + 1}`, doc: doc!, anchor });
        }
      });
    }
    const anchors = new Map<string, Set<string>>();
    for (const doc of new Set(citations.map((c) => c.doc))) {
      const full = path.join(root, doc);
      if (existsSync(full)) anchors.set(doc, anchorsIn(await readFile(full, 'utf8')));
    }
    const broken = citations
      .filter(({ doc, anchor }) => !anchors.has(doc) || (anchor !== undefined && !anchors.get(doc)!.has(anchor)))
      .map(
        ({ at, doc, anchor }) =>
          `${at} cites ${doc}${anchor ? `#${anchor}` : ''}, which ${anchors.has(doc) ? 'has no such heading' : 'does not exist'}`,
      );
    expect(citations.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });
});
