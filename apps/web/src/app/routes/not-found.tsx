import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <main
      data-theme="light"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-night-900 px-6 text-center text-moon-50"
    >
      <p className="font-display text-7xl text-gold-300">404</p>
      <h1 className="text-3xl">Oops! Page not found</h1>
      <Link to={paths.home.getHref()} className={buttonClasses('gold')}>
        Return to Home
      </Link>
    </main>
  );
}
