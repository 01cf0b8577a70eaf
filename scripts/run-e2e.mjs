// The browser tests in shards that run side by side, each with its own server, port and embedded database
// (so no spec sees another shard's data), their output prefixed by shard. The specs mostly wait on pages,
// so two shards on a 2-core machine finish in well under the time of one. E2E_SHARDS sets how many (default
// 2); extra arguments go to every `playwright test` (a spec file, --grep ...); a single spec runs unsharded.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const extra = process.argv.slice(2);
const wanted = Number(process.env.E2E_SHARDS ?? 2);
const shards = extra.some((arg) => arg.endsWith('.spec.ts')) ? 1 : Math.max(1, wanted);
const basePort = Number(process.env.E2E_PORT ?? 3210);

function runShard(index) {
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extra];
  if (shards > 1) args.push(`--shard=${index + 1}/${shards}`);
  const child = spawn('npx', args, {
    env: { ...process.env, E2E_PORT: String(basePort + index), E2E_OUTPUT_DIR: `test-results/shard-${index + 1}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = shards > 1 ? `[shard ${index + 1}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => runShard(index)));
const failed = codes.filter((code) => code !== 0).length;
if (failed) console.error(`${failed} of ${shards} browser test shard(s) failed`);
process.exit(failed ? 1 : 0);
