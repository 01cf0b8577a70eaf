import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, Rollup } from 'vite';

/** The unhashed files of public/ the worker stores at install: the offline page and what it shows. */
const SHELL_FILES = /^(offline\.(html|js)|favicon\.(svg|ico)|icons\/[\w-]+\.png)$/;
/** The fonts index.html preloads (vite.config.ts preloadFonts): the first page paints with them. */
const PRELOADED_FONTS = /(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/** The entry chunk and every chunk it imports statically, with their CSS: what every page loads first. */
function entryFilesOf(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  for (const file of Object.keys(bundle)) if (PRELOADED_FONTS.test(file)) files.add(file);
  return [...files];
}

function shellFilesOf(publicDir: string): string[] {
  if (!fs.existsSync(publicDir)) return [];
  return fs
    .readdirSync(publicDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SHELL_FILES.test(file));
}

/**
 * Builds the service worker (src/service-worker/sw.ts) into dist/sw.js, beside index.html: a worker
 * controls the pages under its own path, so it lives at the root. It is bundled on its own with esbuild
 * (a classic script: module workers are not in every browser), with the build id and the files to store
 * at install baked in. A new build therefore makes a different sw.js, which is how browsers notice it.
 * Runs after lunara-build-id, whose build.json carries the id.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'lunara-service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const buildFile = bundle['build.json'];
      const buildSource = buildFile?.type === 'asset' ? String(buildFile.source) : '';
      const buildId = (JSON.parse(buildSource || '{}') as { id?: string }).id;
      if (!buildId) throw new Error('lunara-service-worker needs build.json from lunara-build-id, which runs first');
      const precache = [...shellFilesOf(publicDir), ...entryFilesOf(bundle)].map((file) => `/${file}`).sort();
      const result = await build({
        entryPoints: [path.join(root, 'src', 'service-worker', 'sw.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        define: {
          __LUNARA_BUILD__: JSON.stringify(buildId),
          __LUNARA_PRECACHE__: JSON.stringify(precache),
        },
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error('The service worker was not built');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `/* Lunara build ${buildId} */\n${code}` });
    },
  };
}
