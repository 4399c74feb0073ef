// After `tsc` compiles apps/api/src to apps/api/dist: the migrations' .sql files go next to their
// compiled data steps (dist/db/migrations), exactly the set in src, so a renamed or removed
// migration never lingers in dist and runs again.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const apiDir = join(import.meta.dirname, '..', 'apps', 'api');
const from = join(apiDir, 'src', 'db', 'migrations');
const to = join(apiDir, 'dist', 'db', 'migrations');
const isSql = (name) => name.endsWith('.sql');

mkdirSync(to, { recursive: true });
const wanted = new Set(readdirSync(from).filter(isSql));
for (const name of readdirSync(to).filter(isSql)) if (!wanted.has(name)) rmSync(join(to, name));
for (const name of wanted) copyFileSync(join(from, name), join(to, name));
