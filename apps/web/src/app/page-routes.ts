import type { Prerender } from '@lunara/shared/page-boot';
import { paths } from '../config/paths.ts';

/**
 * Which route module (apps/web/src/app/routes/<module>.tsx) draws each address. The router loads them
 * lazily; the build lists each one's files (vite.config.ts, dist/pages.json) so that the server can
 * preload the opened page's code with the HTML instead of after the main script has run.
 * `prerender`: the server also renders the page into the HTML with its reads answered
 * (entry-server.tsx), so it is painted, with her feed or course, before any script runs. The pages
 * people arrive on, whose controls are links or buttons (a press before the script took over is
 * pressed again after: page-html.ts) or fields whose text hydration keeps.
 * 'members': only for a signed-in member (a visitor is sent on to /auth).
 * `title`: the page's name in the document title, before the product's ("Community - Lunara").
 */

export const PAGE_ROUTES = [
  { path: paths.home.path, module: 'landing', prerender: 'everyone', title: 'Courses, Sisterhood and Moon Rituals' },
  { path: paths.auth.path, module: 'auth', title: 'Login' },
  { path: paths.resetPassword.path, module: 'reset-password', title: 'Choose a New Password' },
  { path: paths.emailConfirmed.path, module: 'email-confirmed', title: 'Email Confirmed' },
  { path: paths.emailUnsubscribe.path, module: 'email-unsubscribe', title: 'Unsubscribe' },
  { path: paths.dashboard.path, module: 'dashboard', prerender: 'members', title: 'Dashboard' },
  { path: paths.assessment.path, module: 'assessment', title: 'Self-Assessment' },
  { path: paths.courses.path, module: 'courses', title: 'Course Library' },
  { path: paths.course.path, module: 'course', prerender: 'members', title: 'Course' },
  { path: paths.lesson.path, module: 'lesson', title: 'Lesson' },
  { path: paths.community.path, module: 'community', prerender: 'members', title: 'Community' },
  { path: paths.circle.path, module: 'circle', title: 'Sacred Circle' },
  { path: paths.post.path, module: 'post', title: 'Post' },
  { path: paths.communitySearch.path, module: 'community-search', title: 'Search' },
  { path: paths.pod.path, module: 'pod', title: 'Mentorship Pod' },
  { path: paths.rituals.path, module: 'rituals', prerender: 'members', title: 'Daily Rituals' },
  { path: paths.bathBuilder.path, module: 'bath-builder', title: 'Spiritual Bath Builder' },
  { path: paths.bathRecipe.path, module: 'bath-recipe', title: 'Bath Recipe' },
  { path: paths.settings.path, module: 'settings', title: 'Account Settings' },
  { path: paths.moderation.path, module: 'moderation', title: 'Moderation' },
  { path: paths.admin.path, module: 'admin', title: 'Admin Panel' },
  { path: paths.adminContent.path, module: 'admin-content', title: 'Content Studio' },
  { path: paths.adminCourse.path, module: 'admin-course', title: 'Edit Course' },
  { path: paths.adminLesson.path, module: 'admin-lesson', title: 'Edit Lesson' },
  { path: paths.checkout.path, module: 'checkout', title: 'Checkout' },
  { path: paths.testCheckout.path, module: 'test-checkout', title: 'Checkout' },
  { path: paths.testPortal.path, module: 'test-portal', title: 'Billing Portal' },
  { path: '*', module: 'not-found', title: 'Page Not Found' },
] as const satisfies ReadonlyArray<{ path: string; module: string; title: string; prerender?: Prerender }>;
