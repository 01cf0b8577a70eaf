/** Every route of the app, with its href builder: no component writes a path by hand. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    getHref: (mode?: 'signin' | 'signup' | 'forgot') => (mode && mode !== 'signin' ? `/auth?mode=${mode}` : '/auth'),
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  emailConfirmed: { path: '/email-confirmed', getHref: () => '/email-confirmed' },
  emailUnsubscribe: {
    path: '/email/unsubscribe',
    getHref: (token: string) => `/email/unsubscribe?token=${encodeURIComponent(token)}`,
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  assessment: { path: '/assessment', getHref: () => '/assessment' },
  courses: { path: '/courses', getHref: () => '/courses' },
  course: { path: '/course/:courseId', getHref: (courseId: number | string) => `/course/${courseId}` },
  lesson: {
    path: '/course/:courseId/lesson/:lessonId',
    getHref: (courseId: number | string, lessonId: string) => `/course/${courseId}/lesson/${lessonId}`,
  },
  community: { path: '/community', getHref: () => '/community' },
  circle: {
    path: '/community/circles/:circleId',
    getHref: (circleId: string, tab?: 'feed' | 'chat' | 'events' | 'members' | 'requests') =>
      tab && tab !== 'feed' ? `/community/circles/${circleId}?tab=${tab}` : `/community/circles/${circleId}`,
  },
  post: { path: '/community/post/:postId', getHref: (postId: string) => `/community/post/${postId}` },
  communitySearch: {
    path: '/community/search',
    getHref: (search: { q: string; kind?: string; since?: string }) => {
      const params = new URLSearchParams({ q: search.q });
      if (search.kind) params.set('kind', search.kind);
      if (search.since && search.since !== 'any') params.set('since', search.since);
      return `/community/search?${params}`;
    },
  },
  rituals: { path: '/rituals', getHref: () => '/rituals' },
  bathBuilder: { path: '/rituals/bath-builder', getHref: () => '/rituals/bath-builder' },
  bathRecipe: { path: '/rituals/baths/:bathId', getHref: (bathId: string) => `/rituals/baths/${bathId}` },
  pod: { path: '/pods/:podId', getHref: (podId: string) => `/pods/${podId}` },
  settings: { path: '/settings', getHref: () => '/settings' },
  moderation: { path: '/moderation', getHref: () => '/moderation' },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminContent: {
    path: '/admin/content',
    getHref: (section?: 'courses' | 'rituals' | 'categories' | 'baths') =>
      section && section !== 'courses' ? `/admin/content?section=${section}` : '/admin/content',
  },
  adminCourse: {
    path: '/admin/content/courses/:courseId',
    getHref: (courseId: number | string) => `/admin/content/courses/${courseId}`,
  },
  adminLesson: {
    path: '/admin/content/courses/:courseId/lessons/:lessonId',
    getHref: (courseId: number | string, lessonId: string) => `/admin/content/courses/${courseId}/lessons/${lessonId}`,
  },
  checkout: { path: '/billing/checkout', getHref: () => '/billing/checkout' },
  testCheckout: { path: '/billing/test-checkout', getHref: () => '/billing/test-checkout' },
  testPortal: { path: '/billing/test-portal', getHref: () => '/billing/test-portal' },
} as const;
