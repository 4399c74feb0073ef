// Lets `npm test` run the browser tests on a machine that has only Node and npm: installs
// Debian's Chromium when it is missing (as root). Never downloads a browser build of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests (apt-get)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
