import type { FastifyInstance } from 'fastify';

export interface ListedRoute {
  method: string;
  /** As registered: `/api/courses/:courseId`. */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, for tests that must cover each one (a new route included). */
    routeList: readonly ListedRoute[];
  }
}

/** Call first, before anything registers a route: plugins registered later inherit the hook. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: ListedRoute[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}
