// Builds the workspace packages that have a `build` script (the shared package and the API
// compiled to JavaScript, both front ends with their pre-compressed copies), in dependency order.
//   node scripts/build.mjs            every package (`pnpm build`)
//   node scripts/build.mjs --changed  only packages whose inputs changed since their last build (`npm start`)
// After a package builds, dist/.build-stamp records a hash of its inputs: its own files, the files
// of the workspace packages it depends on, the lockfile, the root TypeScript settings, these build
// scripts and the Node.js version. With --changed, a package whose stamp matches is skipped; a
// missing dist (a fresh clone) or any changed input builds it again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const OUTPUT = 'dist';
const STAMP = '.build-stamp';
/** Folders that are build output, caches or installed packages, never inputs. */
const NOT_INPUTS = new Set(['node_modules', 'dist', '.astro', '.tsbuild', 'coverage', 'test-results', '.turbo']);
const SHARED_INPUTS = [
  'pnpm-lock.yaml',
  'package.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'scripts/precompress.mjs',
  'scripts/copy-api-migrations.mjs',
];

function workspacePackages() {
  const found = new Map();
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(ROOT, group))) {
      const dir = join(ROOT, group, name);
      if (!existsSync(join(dir, 'package.json'))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const deps = { ...manifest.dependencies, ...manifest.devDependencies };
      found.set(manifest.name, {
        name: manifest.name,
        dir,
        buildable: Boolean(manifest.scripts?.build),
        workspaceDeps: Object.keys(deps).filter((dep) => String(deps[dep]).startsWith('workspace:')),
      });
    }
  }
  return found;
}

function inputFiles(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!NOT_INPUTS.has(entry.name)) walk(join(folder, entry.name));
      } else if (entry.isFile()) {
        files.push(join(folder, entry.name));
      }
    }
  };
  walk(dir);
  return files;
}

/** The package's folder and those of the workspace packages it uses, directly or not. */
function inputDirs(pkg, all, seen = new Set()) {
  if (seen.has(pkg.name)) return [];
  seen.add(pkg.name);
  return [pkg.dir, ...pkg.workspaceDeps.flatMap((dep) => (all.has(dep) ? inputDirs(all.get(dep), all, seen) : []))];
}

function inputsHash(pkg, all) {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  const files = [...inputDirs(pkg, all).flatMap(inputFiles), ...SHARED_INPUTS.map((file) => join(ROOT, file))];
  for (const file of files.map((f) => relative(ROOT, f)).sort()) {
    hash.update(`${file}\n`);
    hash.update(existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file)) : '(missing)');
    hash.update('\n');
  }
  return hash.digest('hex');
}

const stampFile = (pkg) => join(pkg.dir, OUTPUT, STAMP);
const readStamp = (pkg) => (existsSync(stampFile(pkg)) ? readFileSync(stampFile(pkg), 'utf8').trim() : null);

const onlyChanged = process.argv.includes('--changed');
const all = workspacePackages();
const buildable = [...all.values()].filter((pkg) => pkg.buildable);
const hashes = new Map(buildable.map((pkg) => [pkg.name, inputsHash(pkg, all)]));
const toBuild = onlyChanged ? buildable.filter((pkg) => readStamp(pkg) !== hashes.get(pkg.name)) : buildable;

for (const pkg of buildable) {
  if (!toBuild.includes(pkg)) {
    console.log(`build: ${pkg.name} skipped, nothing changed since its last build (${relative(ROOT, join(pkg.dir, OUTPUT))})`);
  }
}
if (toBuild.length === 0) {
  console.log('build: everything is up to date.');
  process.exit(0);
}

console.log(`build: ${toBuild.map((pkg) => pkg.name).join(', ')}`);
// A build that stops half-way must not leave the previous stamp next to half-written output.
for (const pkg of toBuild) rmSync(stampFile(pkg), { force: true });
const filters = toBuild.flatMap((pkg) => ['--filter', pkg.name]);
const result = spawnSync('pnpm', [...filters, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
for (const pkg of toBuild) {
  if (existsSync(join(pkg.dir, OUTPUT))) writeFileSync(stampFile(pkg), `${hashes.get(pkg.name)}\n`);
}
