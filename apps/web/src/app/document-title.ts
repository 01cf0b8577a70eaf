import { useEffect, useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useAppConfig } from '../features/app-config/api/get-app-config.ts';
import { PAGE_ROUTES } from './page-routes.ts';

/** "Community - Lunara": the page's name first, so that a row of tabs still tells them apart. */
export const documentTitle = (page: string, productName: string) => `${page} - ${productName}`;

const NOT_FOUND_TITLE = PAGE_ROUTES.find((route) => route.path === '*')?.title ?? 'Page Not Found';

/** The route table's title of an address (page-routes.ts); the catch-all's when no route matches. */
export function routeTitle(pathname: string): string {
  return PAGE_ROUTES.find((route) => route.path !== '*' && matchPath(route.path, pathname))?.title ?? NOT_FOUND_TITLE;
}

/**
 * Names the document after the opened route, for every route at once (called by the root layout). A
 * layout effect: all of them run before any page's passive effect, so a page's own useDocumentTitle
 * (below) comes after it and wins.
 */
export function useRouteTitle() {
  const { pathname } = useLocation();
  const { productName } = useAppConfig();
  const title = routeTitle(pathname);
  useLayoutEffect(() => {
    document.title = documentTitle(title, productName);
  }, [title, productName]);
}

/** A page that knows better than its route (the auth form's mode, a course's name) names the document itself. */
export function useDocumentTitle(page: string | undefined) {
  const { productName } = useAppConfig();
  useEffect(() => {
    if (page) document.title = documentTitle(page, productName);
  }, [page, productName]);
}
