// Lets `npm start` / `npm test` work on a machine that has only Node and npm:
// installs the pnpm version pinned in package.json when it is missing.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pinned = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).packageManager;
const version = pinned.split('@')[1];
let current = '';
try {
  current = execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
} catch {
  // not installed
}
if (current !== version) {
  console.log(`Installing pnpm ${version} (found: ${current || 'none'})...`);
  execSync(`npm install --global pnpm@${version}`, { stdio: 'inherit' });
}
