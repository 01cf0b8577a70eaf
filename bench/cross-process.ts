// The two parts of issue 35 about several server processes on one database (`--only caches,scaleout`).
export { benchCaches } from './cross-process-caches.ts';
export { benchScaleOut } from './cross-process-scale-out.ts';
