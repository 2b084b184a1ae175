import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite only what a clone of this repository contains: `docs/<name>.md §N` with a section that exists
 * there, and standards by their own name (`RFC 9113 §8.1`), never a tracker's issue or item, which a reader of
 * the code cannot open. This checks every source and document file.
 */
const root = path.resolve(import.meta.dirname, '..');
const self = 'scripts/doc-references.test.ts';
const scanned = ['apps', 'packages', 'e2e', 'integration', 'bench', 'scripts', 'test-kit', 'docs', 'deploy'];
const skippedFolders = new Set(['node_modules', 'dist', 'data', 'results', 'coverage']);
const textFile = /\.(ts|tsx|js|mjs|cjs|css|html|md|cfg|service)$/;

/** Documents that live outside the repository, and ways of citing them. */
const outsideDocuments: readonly [RegExp, string][] = [
  [/\b(?:DESIGN|STYLE)\.md\b/, 'a design note outside the repository'],
  [/\bhttp-api\.md\b/, 'the Duet notes outside the repository'],
  [/portal-spec|\.\.\/shared\/(?:spec|duet|DESIGN|STYLE)\b/, 'a file outside the repository'],
  [/\bspecification\b/i, 'the product specification (docs/product.md is its home here)'],
  [/\bspec(?:'s)?[ \t]+(?:§|sections?\b)/i, 'the product specification (docs/product.md is its home here)'],
];

/** A tracker's references: say what the issue or item asked for, or cite the docs/ section that holds it. */
const trackerReferences: readonly [RegExp, string][] = [
  [/\bissues?[ \t]+#?\d+/i, "a tracker's issue (say what it means, or cite docs/<name>.md §N)"],
  [/\bitems?[ \t]+\d+/i, "a tracker's item (say what it means, or cite docs/<name>.md §N)"],
  [/\b[\w.-]+\/[\w.-]+#\d+\b/, "another repository's issue (say what it means)"],
];

/** Blanks inside a citation, possibly across a line break of a comment. */
const GAP = String.raw`(?:[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*|[ \t]+)`;
const SECTION = String.raw`§[ \t]*(\d+[a-z]?(?:\.\d+)*)`;
/** One more section of the same document: `§5`, `, §5a`, ` and §3.2`, `/§5a`. */
const nextSection = new RegExp(String.raw`(?:${GAP})?(?:(?:,|\/|and|or)(?:${GAP})?)?${SECTION}`, 'y');
const sectionSign = /§[ \t]*\d/g;

/** The section numbers of each document in docs/: `## 5a. …` is 5a, `### 1.1 …` is 1.1. */
function sectionsOf(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#{1,6}[ \t]+(\d+[a-z]?(?:\.\d+)*)\.?[ \t]/gm)].map((match) => match[1] ?? ''),
  );
}

/** Sections cited after `start` (the end of a document's name), and where the citation ends. */
function citedSections(text: string, start: number): { sections: string[]; end: number } {
  const sections: string[] = [];
  let end = start;
  nextSection.lastIndex = start;
  for (let match = nextSection.exec(text); match; match = nextSection.exec(text)) {
    sections.push(match[1] ?? '');
    end = nextSection.lastIndex;
  }
  return { sections, end };
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** What is wrong with the references of one file; `docs` maps each file of docs/ to its sections. */
function referenceProblems(file: string, text: string, docs: ReadonlyMap<string, Set<string>>): string[] {
  const problems: string[] = [];
  for (const [pattern, what] of [...outsideDocuments, ...trackerReferences]) {
    for (const match of text.matchAll(new RegExp(pattern, `${pattern.flags}g`))) {
      problems.push(`${file}:${lineOf(text, match.index)} cites ${what}: "${match[0]}"`);
    }
  }
  const covered: [number, number][] = [];
  for (const match of text.matchAll(/\bdocs\/([\w.-]+\.md)\b/g)) {
    const name = match[1] ?? '';
    const sections = docs.get(name);
    const cited = citedSections(text, match.index + match[0].length);
    covered.push([match.index, cited.end]);
    if (!sections) {
      problems.push(`${file}:${lineOf(text, match.index)} cites docs/${name}, which does not exist`);
      continue;
    }
    for (const section of cited.sections.filter((id) => !sections.has(id))) {
      problems.push(
        `${file}:${lineOf(text, match.index)} cites docs/${name} §${section}, which it does not have`,
      );
    }
  }
  for (const match of text.matchAll(/\bRFC[ \t]*\d+/g)) {
    covered.push([match.index, citedSections(text, match.index + match[0].length).end]);
  }
  // A bare § in a document of docs/ is one of its own sections; anywhere else it must say whose it is.
  const own = file.startsWith('docs/') ? docs.get(file.slice('docs/'.length)) : undefined;
  for (const match of text.matchAll(sectionSign)) {
    if (covered.some(([from, to]) => match.index >= from && match.index < to)) continue;
    const cited = citedSections(text, match.index).sections;
    if (!own) {
      problems.push(`${file}:${lineOf(text, match.index)} cites §${cited[0]} without naming its document`);
    } else if (!cited.every((id) => own.has(id))) {
      problems.push(
        `${file}:${lineOf(text, match.index)} cites its own §${cited[0]}, which it does not have`,
      );
    }
  }
  return problems;
}

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      return entry.name.startsWith('.') || skippedFolders.has(entry.name) ? [] : filesUnder(relative);
    }
    return textFile.test(entry.name) && relative !== self ? [relative] : [];
  });
}

const docs = new Map(
  readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => [name, sectionsOf(readFileSync(path.join(root, 'docs', name), 'utf8'))] as const),
);

describe('document references', () => {
  it('cite only documents of this repository, and only sections those documents have', () => {
    const files = ['README.md', 'ARCHITECTURE.md', ...scanned.flatMap(filesUnder)];
    const problems = files.flatMap((file) =>
      referenceProblems(file, readFileSync(path.join(root, file), 'utf8'), docs),
    );
    expect(problems).toEqual([]);
  });

  const fixture = new Map([
    ['product.md', new Set(['2', '4', '9'])],
    ['design.md', new Set(['5', '5a'])],
  ]);
  const check = (text: string, file = 'apps/x.ts') => referenceProblems(file, text, fixture);

  it('accept sections that exist, listed, across a comment line break, and standards by their name', () => {
    expect(check('/** Tabs (docs/product.md §2 and §4, §9). */')).toEqual([]);
    expect(
      check(' * the tunnel (docs/design.md §5/§5a) and docs/product.md\n * §9, and RFC 9113\n * §8.1'),
    ).toEqual([]);
    expect(check('the design is in `docs/design.md`')).toEqual([]);
    expect(check('## 4. Heading\nsee §4', 'docs/product.md')).toEqual([]);
  });

  it('refuse documents outside the repository, however they are named', () => {
    expect(check('// DESIGN.md §5')[0]).toMatch(/cites a design note outside the repository/);
    expect(check('// duet/http-api.md §1.1')[0]).toMatch(/cites the Duet notes outside the repository/);
    expect(check('/** The card (specification section 4). */')[0]).toMatch(/cites the product specification/);
    expect(check('/** spec §4 */')[0]).toMatch(/cites the product specification/);
    expect(check('see `../shared/DESIGN.md`')[0]).toMatch(/cites a design note outside the repository/);
    expect(check("import { x } from '../shared/clock.ts';")).toEqual([]);
  });

  it("refuse a tracker's issues and items, and leave the product's own tickets alone", () => {
    expect(check('// The badge (issue 22).')).toEqual([
      'apps/x.ts:1 cites a tracker\'s issue (say what it means, or cite docs/<name>.md §N): "issue 22"',
    ]);
    expect(check('/** Goals of Issue #18 and issues 21 */')).toHaveLength(2);
    expect(check('the screens (items 8 to 10)')[0]).toMatch(/cites a tracker's item/);
    expect(check('see remix-run/react-router#14102')[0]).toMatch(/cites another repository's issue/);
    expect(check("title: 'Ticket #12 closed', items: 3")).toEqual([]);
  });

  it('refuse a document of docs/ that does not exist, a section it does not have, and a § of no document', () => {
    expect(check('// docs/nowhere.md §1')).toEqual([
      'apps/x.ts:1 cites docs/nowhere.md, which does not exist',
    ]);
    expect(check('// docs/product.md §2 and §7')).toEqual([
      'apps/x.ts:1 cites docs/product.md §7, which it does not have',
    ]);
    expect(check('// the card (§4)')).toEqual(['apps/x.ts:1 cites §4 without naming its document']);
    expect(check('see §3', 'docs/product.md')).toEqual([
      'docs/product.md:1 cites its own §3, which it does not have',
    ]);
  });
});
