// Bundles the server (and the shared package's TypeScript) into dist/, next to the migrations.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@lunara/'));

fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Code loaded with import() (the certificate's fonts and PDF libraries) stays in its own chunk, so it is
  // read on first use rather than at start-up.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built into apps/server/dist');
