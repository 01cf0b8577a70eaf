/**
 * zod builds a faster parser with `new Function` when it may, and probes for that by trying it. The app's
 * CSP allows no eval, so in the browser the probe fails (as it should) but the browser still reports a
 * CSP violation on every page that loads a schema (Lighthouse's best practices marked /rituals down for
 * it). `jitless` skips the probe. zod keeps its configuration on this global (`z.config` writes it), which
 * it reads once, as its core module loads: main.tsx imports this module first, before any code that
 * brings zod (which only later, lazily loaded parts do). zod-without-eval.test.ts checks zod still reads it.
 */
const ZOD_CONFIG = '__zod_globalConfig';
const globals = globalThis as Record<string, unknown>;
globals[ZOD_CONFIG] = { ...(globals[ZOD_CONFIG] as object | undefined), jitless: true };

export {};
