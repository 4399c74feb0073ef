import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone of the repository is all a newcomer has: comments and docs state a rule itself, never
// point at a section of a document that is not in the repository.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const skipped = new Set(['node_modules', 'dist', '.git', '.astro', 'coverage', 'data']);
const checked = /\.(ts|tsx|mts|mjs|js|astro|css|sql|md|json|yaml|yml)$/;
// Built from parts so this file does not match itself.
const citation = new RegExp(['spec ' + '\u00a7', 'DESIGN' + '\\.md', '\u00a7' + '\\d'].join('|'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return checked.test(entry.name) && entry.name !== 'pnpm-lock.yaml' ? [path] : [];
  });
}

describe('comments and docs', () => {
  it('cite no document section the repository does not hold', () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (citation.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
