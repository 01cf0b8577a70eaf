// npm run bench:upload (after npm run build): uploads a 100 MB lesson file to the built server as an
// admin, once with the local disk store and once with an S3 bucket (s3rver, in this process), samples the
// server process's memory (RSS) during each upload and prints its peak growth over the idle server with
// PASS/FAIL against the budget (issue 27: under 64 MB). Uses the PostgreSQL server of DATABASE_URL (default
// the local one) for a database of its own. Options: --storage disk,s3  --megabytes 100

import { argument } from './lib/arguments.ts';
import { MB, measureUploadMemory, UPLOAD_BUDGET, type UploadMemoryResult } from './lib/upload-memory.ts';

const STORAGES = argument('storage', 'disk,s3').split(',') as Array<'disk' | 's3'>;
const SIZE = Number(argument('megabytes', '100')) * MB;
const BUDGET = UPLOAD_BUDGET;

const log = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

const results: UploadMemoryResult[] = [];
for (const storage of STORAGES) {
  log(`${storage}: uploading ${mb(SIZE)} …`);
  results.push(await measureUploadMemory(storage, SIZE));
}
let failed = false;
for (const { storage, idle, peak, seconds } of results) {
  const growth = peak - idle;
  const pass = growth < BUDGET;
  failed ||= !pass;
  log(
    `${pass ? 'PASS' : 'FAIL'} ${storage}: ${mb(SIZE)} lesson file in ${seconds.toFixed(1)} s, server RSS ${mb(idle)} idle, peak ${mb(peak)}: +${mb(growth)} (budget < ${mb(BUDGET)})`,
  );
}
process.exitCode = failed ? 1 : 0;
