import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageManifestEntry, PartFiles } from '@lunara/shared/page-boot';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { PAGE_ROUTES } from './src/app/page-routes.ts';
import { BUILD_META_NAME } from './src/lib/new-version.ts';
import { serviceWorker } from './vite-service-worker.ts';

/**
 * Writes .br and .gz beside every text asset at build time, so the server sends them compressed
 * (@fastify/static preCompressed) without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lunara-precompress',
    apply: browserBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Preloads the Latin faces of the two variable fonts, so that they arrive with the script and the first
 * render already uses them: swapping them in afterwards moved the dashboard's cards (layout shift).
 */
function preloadFonts(): Plugin {
  return {
    name: 'lunara-preload-fonts',
    apply: browserBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) =>
          /(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Gives the build an id, written into index.html (a meta element: the build a page runs) and into
 * dist/build.json (the build the server serves now), so that a page whose code fails to download can
 * tell a deploy from a network failure (src/lib/new-version.ts). The id hashes the chunks' names, which
 * carry their contents' hashes: the same sources make the same id on every machine.
 */
function buildId(): Plugin {
  const idOf = (bundle: Rollup.OutputBundle) =>
    createHash('sha256')
      .update(
        Object.values(bundle)
          .filter((file) => file.type === 'chunk')
          .map((chunk) => chunk.fileName)
          .sort()
          .join('\n'),
      )
      .digest('hex')
      .slice(0, 16);
  return {
    name: 'lunara-build-id',
    apply: browserBuild,
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => [
        { tag: 'meta', attrs: { name: BUILD_META_NAME, content: idOf(context.bundle ?? {}) }, injectTo: 'head' },
      ],
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ id: idOf(bundle) })}\n` });
    },
  };
}

/** The browser build only (not the server-rendering one, `vite build --ssr`). */
const browserBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === 'build' && !env.isSsrBuild;

/**
 * Writes dist/pages.json: for each route pattern, the files its module needs beyond what index.html
 * already loads, and whether the server prerenders it. The server adds the files to the page as
 * modulepreload links, so the opened page's code downloads alongside the main script, not after it.
 * And dist/parts.json: the same for each module loaded lazily (components/lazy-part.tsx), by its path
 * under src/: the files of the parts a prerendered page was drawn with are preloaded with it too.
 */
function pageManifest(): Plugin {
  let sources = 'src';
  return {
    name: 'lunara-page-manifest',
    apply: browserBuild,
    configResolved(config) {
      sources = path.resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (chunk: Rollup.OutputChunk, seen = new Set<string>()) => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const imported of chunk.imports) {
          const next = byFile.get(imported);
          if (next) closure(next, seen);
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = entry ? closure(entry) : new Set<string>();
      const filesOf = new Map<string, string[]>();
      const parts: PartFiles = {};
      for (const chunk of chunks) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId?.startsWith(sources + path.sep)) continue;
        const source = path.relative(sources, chunk.facadeModuleId).split(path.sep).join('/');
        const files = [...closure(chunk)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
        parts[source] = files;
        const route = source.match(/^app\/routes\/([\w-]+)\.tsx$/)?.[1];
        if (route) filesOf.set(route, files);
      }
      const table: PageManifestEntry[] = PAGE_ROUTES.map((route) => {
        const files = filesOf.get(route.module);
        if (!files) throw new Error(`No chunk was built for the route module ${route.module}`);
        return { path: route.path, files, prerender: 'prerender' in route ? route.prerender : null };
      });
      this.emitFile({ type: 'asset', fileName: 'pages.json', source: `${JSON.stringify(table, null, 2)}\n` });
      this.emitFile({ type: 'asset', fileName: 'parts.json', source: `${JSON.stringify(parts, null, 2)}\n` });
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFonts(), pageManifest(), buildId(), serviceWorker(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
  build: {
    // No source maps in the build, which is what production serves: they would publish the whole source.
    // The dev server (`npm run dev`) maps the sources by itself.
    sourcemap: false,
    modulePreload: {
      // The pages' modules are imported by the app chunk (router.tsx): Vite would write every page's
      // list of files into it (some 4 kB gzip of every first load). The server preloads the opened
      // page's files from dist/pages.json, and the router those of a page it moves to (page-files.ts).
      resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)app-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything main.tsx loads before any page (React, the router, the query client, the app's
          // shell) in one file: left to the automatic split it came as some 25 files that every page
          // downloads, each gzipped apart and naming its imports from the others (about 10 kB more).
          // main.tsx itself (and index.html's module) stays the entry: index.html keeps one module script,
          // which the server turns into the loader of a prerendered page (apps/server pages/page-html.ts),
          // and this file is its preload.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]main\.tsx$|\.html(\?|$)/.test(id) }],
        },
      },
    },
  },
});
