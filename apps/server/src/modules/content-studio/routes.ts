import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import courseStudioRoutes from './course-routes.ts';
import forumCategoryRoutes from './forum-category-routes.ts';
import ritualTemplateRoutes from './ritual-template-routes.ts';

/** The admin Content area's API (issue 28): admins only, every change in the audit log. */
const contentStudioRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(courseStudioRoutes);
  await app.register(ritualTemplateRoutes);
  await app.register(forumCategoryRoutes);
};

export default contentStudioRoutes;
