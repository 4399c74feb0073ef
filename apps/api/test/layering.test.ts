import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The API is layered routes → service → repository: SQL lives only in `*-repository.ts` files and
// in src/db/, so a query can be found, reviewed and changed in one place per module.
const src = fileURLToPath(new URL('../src', import.meta.url));

/** Folders and files allowed to hold SQL, each with the reason. Paths are relative to src/. */
const EXCLUDED: Record<string, string> = {
  'db/': 'the database layer itself (connections, transactions, migrations)',
  'modules/queue/events/pg-event-bus.ts': 'the event bus itself: LISTEN and NOTIFY on its own connections',
  'seed/demo-shop.ts': 'the demo data loader: a one-off script of fixed inserts, not a request path',
};

const SQL = /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/;
// Comments may mention SQL; only string and template literals are checked.
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:\\])\/\/.*$/gm;
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const relativePath = (file: string) => relative(src, file).split(sep).join('/');
const excluded = (path: string) => Object.keys(EXCLUDED).some((rule) => (rule.endsWith('/') ? path.startsWith(rule) : path === rule));

/** The SQL-looking string and template literals of a TypeScript source. */
function sqlLiterals(source: string): string[] {
  const code = source.replace(COMMENT, '$1');
  return (code.match(LITERAL) ?? []).filter((literal) => SQL.test(literal));
}

describe('layering', () => {
  it('finds SQL in literals, not in comments', () => {
    expect(sqlLiterals("// SELECT 1\nconst a = 'SELECT id FROM shops';")).toEqual(["'SELECT id FROM shops'"]);
    expect(sqlLiterals('/* DELETE FROM users */ const b = `UPDATE shops SET name = $2`;')).toEqual(['`UPDATE shops SET name = $2`']);
    expect(sqlLiterals("const c = 'Select a plan'; const d = \"https://example.com/x\";")).toEqual([]);
  });

  it('keeps SQL in *-repository.ts files and src/db/ only', () => {
    const files = tsFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map(relativePath)
      .filter((path) => !path.endsWith('-repository.ts') && !excluded(path))
      .flatMap((path) => sqlLiterals(readFileSync(join(src, path), 'utf8')).map((literal) => `${path}: ${literal.slice(0, 80)}`));
    expect(offenders).toEqual([]);
  });

  it('lists only exclusions that still exist', () => {
    const paths = tsFiles(src).map(relativePath);
    for (const rule of Object.keys(EXCLUDED)) {
      expect(paths.some((path) => (rule.endsWith('/') ? path.startsWith(rule) : path === rule)), rule).toBe(true);
    }
  });
});
