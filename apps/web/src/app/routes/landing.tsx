import { formatPrice } from '@lunara/shared/money';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useMe } from '../../features/auth/api/get-me.ts';

export function Component() {
  const { productName, priceCents } = useAppConfig();
  const { user } = useMe();
  return (
    <main className="min-h-dvh bg-[radial-gradient(ellipse_at_top,var(--color-night-700),var(--color-night-950)_70%)] text-moon-50">
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-6 py-8">
        <BrandMark tone="light" />
        <section className="flex flex-col items-start gap-6 py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-300">The Sacred Sisterhood</p>
          <h1 className="max-w-3xl text-4xl leading-tight sm:text-6xl">Reclaim your power, in rhythm with the moon.</h1>
          <p className="max-w-2xl text-lg text-moon-200">
            {productName} brings together 5 core courses, a private sisterhood of women and daily moon-aligned rituals,
            drawn from 14 years of proven success.
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <Link
              to={user ? paths.dashboard.getHref() : paths.auth.getHref('signup')}
              className={buttonClasses('gold', 'lg')}
            >
              Join {productName} for {formatPrice(priceCents)}/month
            </Link>
            {!user && (
              <Link to={paths.auth.getHref()} className="text-moon-100 underline-offset-4 hover:underline">
                I am a member - Log in
              </Link>
            )}
          </div>
        </section>
      </div>
    </main>
  );
}
