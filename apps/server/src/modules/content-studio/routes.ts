import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth.ts';
import assessmentAdminRoutes from '../assessment/admin-routes.ts';
import bathIngredientRoutes from './bath-ingredient-routes.ts';
import courseStudioRoutes from './course-routes.ts';
import forumCategoryRoutes from './forum-category-routes.ts';
import ritualTemplateRoutes from './ritual-template-routes.ts';
import { ONLY_ADMINS_EDIT_CONTENT } from './studio-routes-kit.ts';

/** The admin Content area's API (issue 28): admins only, every change in the audit log. */
const contentStudioRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in its own context (no fastify-plugin): this one guard covers every route below and no other.
  app.addHook('onRequest', requireRole('admin', ONLY_ADMINS_EDIT_CONTENT));
  await app.register(courseStudioRoutes);
  await app.register(ritualTemplateRoutes);
  await app.register(forumCategoryRoutes);
  await app.register(bathIngredientRoutes);
  await app.register(assessmentAdminRoutes);
};

export default contentStudioRoutes;
