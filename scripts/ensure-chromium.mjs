// Makes sure a Chromium exists for the browser tests: CHROMIUM_PATH or /usr/bin/chromium if present;
// otherwise Debian's package when running as root, else Playwright's own download.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = candidates.find((candidate) => fs.existsSync(candidate));

if (found) {
  console.log(`Chromium: ${found}`);
} else if (process.getuid?.() === 0) {
  console.log('Chromium not found: installing Debian’s chromium package');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
} else {
  console.log('Chromium not found and not root: installing Playwright’s Chromium');
  execSync('npx playwright install chromium', { stdio: 'inherit' });
}
