import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
process.env.E2E_ORIGIN = baseURL;
// A fresh embedded database for every run, so tests never see yesterday's data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : [['list']],
  // The flows with two or three browsers take 16-41 s on a 2-core machine, and CI's machine ran them at
  // about half that speed (40 min a shard, where 19 min here): at 60 s three of them timed out there.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Each shard of scripts/run-e2e.mjs keeps its traces and screenshots apart.
  outputDir: path.join('..', process.env.E2E_OUTPUT_DIR ?? 'test-results'),
  use: {
    baseURL,
    // The service worker is pwa.spec.ts's and push.spec.ts's subject (they allow it); elsewhere it would
    // only add caching between a spec and the server, and a worker update from pwa.spec.ts's simulated
    // deploy (it swaps dist/sw.js for seconds) could reach a spec running in the other shard.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      AUTH_RATE_LIMIT: '10000',
      // Staff specs act without two-factor (the API tests in two-factor.test.ts prove the requirement).
      STAFF_TWO_FACTOR: 'optional',
      ADMIN_EMAILS: 'e2e-admin@example.com',
      // push.spec.ts runs its own push service on http://127.0.0.1 (never allowed in production).
      PUSH_ALLOW_HTTP_LOOPBACK: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
