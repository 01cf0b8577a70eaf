/** Every route of the app, with its href builder: no component writes a path by hand. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    getHref: (mode?: 'signin' | 'signup' | 'forgot') => (mode && mode !== 'signin' ? `/auth?mode=${mode}` : '/auth'),
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  emailConfirmed: { path: '/email-confirmed', getHref: () => '/email-confirmed' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  courses: { path: '/courses', getHref: () => '/courses' },
  course: { path: '/course/:courseId', getHref: (courseId: number | string) => `/course/${courseId}` },
  community: { path: '/community', getHref: () => '/community' },
  post: { path: '/community/post/:postId', getHref: (postId: string) => `/community/post/${postId}` },
  rituals: { path: '/rituals', getHref: () => '/rituals' },
  admin: { path: '/admin', getHref: () => '/admin' },
  testCheckout: { path: '/billing/test-checkout', getHref: () => '/billing/test-checkout' },
  testPortal: { path: '/billing/test-portal', getHref: () => '/billing/test-portal' },
} as const;
