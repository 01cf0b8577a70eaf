import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { useAppConfig } from '../features/app-config/api/get-app-config.ts';
import { cn } from '../lib/cn.ts';

export function BrandMark({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { productName } = useAppConfig();
  return (
    <Link
      to={paths.home.getHref()}
      className={cn(
        'inline-flex items-center gap-2 font-display text-2xl pointer-coarse:min-h-11',
        tone === 'light' ? 'text-moon-50' : 'text-night-900',
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <path d="M20 5a11 11 0 1 0 7 19A9.5 9.5 0 0 1 20 5z" fill="currentColor" className="text-gold-400" />
      </svg>
      {productName}
    </Link>
  );
}
