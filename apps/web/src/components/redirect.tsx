import { Navigate } from 'react-router';
import { serverRender } from '../lib/server-render.ts';

/**
 * Sends her on to `to`, replacing the history entry (a guard's answer). On a page the server draws,
 * where a navigation cannot happen, it marks the render: the server answers with a redirect there
 * (entry-server.tsx) instead of an empty page the browser would leave once its code arrived.
 */
export function Redirect({ to }: { to: string }) {
  const render = serverRender();
  if (render) {
    render.redirect ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
