import type { Prerender } from '@lunara/shared/page-boot';
import { paths } from '../config/paths.ts';

/**
 * Which route module (apps/web/src/app/routes/<module>.tsx) draws each address. The router loads them
 * lazily; the build lists each one's files (vite.config.ts, dist/pages.json) so that the server can
 * preload the opened page's code with the HTML instead of after the main script has run.
 * `prerender`: the server also renders the page into the HTML (entry-server.tsx), so it is painted
 * before any script runs. Only the two pages people arrive on, whose controls are links or work
 * once the script is there: a form typed into before the script took over would lose its text.
 * 'members': only for a signed-in member (a visitor is sent on to /auth).
 */

export const PAGE_ROUTES = [
  { path: paths.home.path, module: 'landing', prerender: 'everyone' },
  { path: paths.auth.path, module: 'auth' },
  { path: paths.resetPassword.path, module: 'reset-password' },
  { path: paths.dashboard.path, module: 'dashboard', prerender: 'members' },
  { path: paths.courses.path, module: 'courses' },
  { path: paths.course.path, module: 'course' },
  { path: paths.community.path, module: 'community' },
  { path: paths.rituals.path, module: 'rituals' },
  { path: paths.admin.path, module: 'admin' },
  { path: paths.testCheckout.path, module: 'test-checkout' },
  { path: paths.testPortal.path, module: 'test-portal' },
  { path: '*', module: 'not-found' },
] as const satisfies ReadonlyArray<{ path: string; module: string; prerender?: Prerender }>;
