import fs from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); undefined lets Playwright use its own download. */
export function findChromium(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)),
  );
}

/** Headless on a closed network: without the networking flags Chromium floods it with failing requests. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
