// Runs after every `npm install` / `npm ci` (the root postinstall): replaces the queue postgres.js
// (3.4.x) keeps its connections in with one that stays as small as what it holds.
//
// Its Queue never compacts: shift() leaves a hole at the front and only starts over once the queue is
// emptied by a shift, and remove() searches the whole array, holes included. The pool moves a connection
// between its queues on every query (idle → busy → idle), so while a queue is never emptied by a shift
// (idle connections left over from a burst, or all of them busy under load) the array grows by one
// slot a query and each query scans all of it. Measured here: 11,000 → 3,800 queries/s after 320,000
// queries at two at a time with ten idle connections, and the API's throughput falling from run to run
// of the benchmark. See docs/decisions/012-postgres-queue-patch-and-lighter-api-responses.md.
//
// The patch applies only to the exact code it was written for; anything else is left alone, with a
// warning, so an upgrade of postgres.js never gets a blind rewrite.
import fs from 'node:fs';
import path from 'node:path';

const MARKER = 'Lunara: compacting queue';
const ORIGINAL_REMOVE = `    remove: (x) => {
      const index = xs.indexOf(x)
      return index === -1
        ? null
        : (xs.splice(index, 1), x)
    },`;

const body = `// ${MARKER} (scripts/patch-postgres-queue.mjs): holes left by shift() are dropped once
// they outnumber the items, and remove() searches only the items.
function Queue(initial = []) {
  let xs = initial.slice()
  let index = 0

  return {
    get length() {
      return xs.length - index
    },
    remove: (x) => {
      const at = xs.indexOf(x, index)
      return at === -1
        ? null
        : (xs.splice(at, 1), x)
    },
    push: (x) => (xs.push(x), x),
    shift: () => {
      if (index === xs.length)
        return undefined

      const out = xs[index]
      xs[index++] = undefined

      if (index === xs.length) {
        index = 0
        xs = []
      } else if (index >= 64 && index * 2 >= xs.length) {
        xs = xs.slice(index)
        index = 0
      }

      return out
    }
  }
}
`;

const root = path.resolve(import.meta.dirname, '..');
// The driver is hoisted to the root; a workspace gets its own copy only if its version differs.
const { workspaces = [] } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const installs = ['.', ...workspaces]
  .map((folder) => path.join(root, folder, 'node_modules', 'postgres'))
  .filter((folder) => fs.existsSync(folder));

for (const install of installs) {
  for (const [file, exportLine] of [
    ['src/queue.js', 'export default Queue'],
    ['cf/src/queue.js', 'export default Queue'],
    ['cjs/src/queue.js', 'module.exports = Queue'],
  ]) {
    const target = path.join(install, file);
    if (!fs.existsSync(target)) continue;
    const text = fs.readFileSync(target, 'utf8');
    const relative = path.relative(root, target);
    if (text.includes(MARKER)) continue;
    if (!text.startsWith(exportLine) || !text.includes(ORIGINAL_REMOVE)) {
      console.warn(`patch-postgres-queue: ${relative} is not the code this patch was written for; left as it is`);
      continue;
    }
    fs.writeFileSync(target, `${exportLine}\n\n${body}`);
    console.log(`patch-postgres-queue: ${relative} patched`);
  }
}
