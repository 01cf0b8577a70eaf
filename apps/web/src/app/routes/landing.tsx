import { formatPrice } from '@lunara/shared/money';
import { Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useCourses } from '../../features/courses/api/get-courses.ts';
import { CourseCard } from '../../features/courses/components/course-card.tsx';
import { PlanExtras, YearlyCheckoutButton } from '../../features/plans/components/plan-offer.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { HeroActions } from '../landing/hero-actions.tsx';
import { FEATURES, PRICING_FEATURES } from '../landing/landing-content.ts';
import { MembershipButton } from '../landing/membership-button.tsx';
import { TonightMoon } from '../landing/tonight-moon.tsx';

/** Where the feature buttons lead: members to the place itself, others to join first. */
function useFeatureLink() {
  const { user, hasFullAccess } = useMembership();
  return (target: 'assessment' | 'circles' | 'events') => {
    // Anyone may take the assessment; a visitor's result waits for the account she then makes.
    if (target === 'assessment') return paths.assessment.getHref();
    if (!user) return paths.auth.getHref('signup');
    if (!hasFullAccess) return '#pricing';
    return `${paths.community.getHref()}?tab=${target}`;
  };
}

/** In-page anchors (#pricing) are plain links, so the browser scrolls to them. */
function FeatureLink({ href, variant, children }: { href: string; variant: ButtonVariant; children: string }) {
  return (
    <Button asChild variant={variant}>
      {href.startsWith('#') ? <a href={href}>{children}</a> : <Link to={href}>{children}</Link>}
    </Button>
  );
}

function Hero() {
  const { productName } = useAppConfig();
  return (
    <section
      data-theme="light"
      aria-labelledby="hero-title"
      className="bleed-safe relative overflow-hidden bg-[radial-gradient(ellipse_at_top,var(--color-night-700),var(--color-night-950)_70%)] text-moon-50"
    >
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-gold-300/10 blur-3xl" />
      <div className="relative mx-auto flex max-w-6xl flex-col gap-10 px-6 pt-[max(1.5rem,env(safe-area-inset-top))] pb-20 sm:pb-28">
        <nav aria-label="Site" className="flex items-center justify-between">
          <BrandMark tone="light" />
          <div className="flex items-center gap-2">
            <a href="#pricing" className="inline-flex min-h-11 items-center text-sm text-moon-100 hover:text-gold-300">
              Membership
            </a>
            <ThemeToggle variant="onDark" />
          </div>
        </nav>
        <div className="grid items-center gap-10 pt-10 sm:pt-16 lg:grid-cols-[1fr_auto]">
          <div className="flex flex-col items-start gap-6">
            <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase">The Sacred Sisterhood</p>
            <h1 id="hero-title" className="max-w-3xl text-4xl leading-tight sm:text-6xl">
              Reclaim your power, in rhythm with the moon.
            </h1>
            <p className="max-w-2xl text-lg text-moon-200">
              {productName} brings together 5 core courses, a private sisterhood of women and daily moon-aligned
              rituals, drawn from 14 years of proven success guiding women home to themselves.
            </p>
            <HeroActions />
          </div>
          <TonightMoon className="mx-auto w-48 sm:w-60 lg:w-80" />
        </div>
      </div>
    </section>
  );
}

function Courses() {
  const { courses } = useCourses();
  return (
    <section aria-labelledby="courses-title" className="mx-auto max-w-6xl px-6 py-20">
      <p className="text-sm font-semibold tracking-[0.2em] text-rose-700 uppercase">5 core courses</p>
      <h2 id="courses-title" className="mt-2 text-3xl text-night-900 sm:text-4xl">
        Wisdom for every season of your life
      </h2>
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} href={paths.course.getHref(course.id)} />
        ))}
      </div>
    </section>
  );
}

function Features() {
  const linkTo = useFeatureLink();
  return (
    <section aria-labelledby="features-title" className="bleed-safe bg-white py-20">
      <div className="mx-auto max-w-6xl px-6">
        <h2 id="features-title" className="text-3xl text-night-900 sm:text-4xl">
          Everything you need to grow, held in one place
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line p-6">
              <Icon className="size-7 text-rose-600" aria-hidden="true" />
              <h3 className="text-xl text-night-900">{title}</h3>
              <p className="text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <FeatureLink href={linkTo('assessment')} variant="primary">
            Take Assessment
          </FeatureLink>
          <FeatureLink href={linkTo('circles')} variant="outline">
            Join Sacred Circle
          </FeatureLink>
          <FeatureLink href={linkTo('events')} variant="outline">
            Upcoming Events
          </FeatureLink>
        </div>
      </div>
    </section>
  );
}

function Community() {
  const { productName } = useAppConfig();
  return (
    <section
      data-theme="light"
      aria-labelledby="community-title"
      className="bleed-safe bg-night-900 py-20 text-moon-50"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase">Community</p>
          <h2 id="community-title" className="text-3xl sm:text-4xl">
            You were never meant to do this alone
          </h2>
          <p className="text-moon-200">
            The Sacred Sisterhood is the private heart of {productName}: share your wins and your tender places in the
            feed, go deeper in the forums, join circles around your focus, gather for live events, and message your
            sisters directly.
          </p>
        </div>
        <ul className="grid grid-cols-2 gap-4">
          {[
            ['Community feed', 'Share, like and encourage'],
            ['Discussion forums', 'Deep, unhurried conversations'],
            ['Sacred Circles', 'Small groups around a focus'],
            ['Leaderboard', 'Points, levels and badges'],
          ].map(([title, text]) => (
            <li key={title} className="rounded-[var(--radius-card)] border border-moon-50/15 bg-moon-50/5 p-5">
              <p className="font-display text-lg text-gold-300">{title}</p>
              <p className="mt-1 text-sm text-moon-200">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Pricing() {
  const { productName, priceCents } = useAppConfig();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-6xl scroll-mt-8 px-6 py-20">
      <div className="mx-auto max-w-xl rounded-[var(--radius-card)] border border-gold-400/60 bg-white p-8 shadow-glow sm:p-10">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-[0.2em] text-rose-700 uppercase">
          <Sparkles className="size-4" aria-hidden="true" /> Full membership
        </p>
        <h2 id="pricing-title" className="mt-2 text-3xl text-night-900">
          {productName} Membership
        </h2>
        <p className="mt-4">
          <span className="font-display text-5xl text-night-900">{formatPrice(priceCents)}</span>
          <span className="text-ink-muted">/month · cancel anytime</span>
        </p>
        <PlanExtras className="mt-2" />
        <ul className="mt-8 grid gap-3">
          {PRICING_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-3">
              <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <HeroActionsOnLight />
        </div>
      </div>
    </section>
  );
}

/** The pricing card's call to action is the hero's, on a light background; a paying member is greeted instead. */
function HeroActionsOnLight() {
  const { isPayingMember } = useMembership();
  if (isPayingMember) return <p className="text-ink-muted">You are a member. Welcome home, sister.</p>;
  return (
    <div className="flex flex-col gap-3">
      <MembershipButton variant="primary" className="w-full" />
      <PricingYearly />
    </div>
  );
}

/** A signed-in member may choose the yearly plan here; a visitor signs up first. */
function PricingYearly() {
  const { user, isLoading } = useMembership();
  if (!user || isLoading) return null;
  return <YearlyCheckoutButton className="w-full" />;
}

function Footer() {
  const { productName } = useAppConfig();
  return (
    <footer className="border-t border-line py-10 text-center text-sm text-ink-muted">
      © 2024 {productName}. All rights reserved.
    </footer>
  );
}

export function Component() {
  return (
    <div className="min-h-dvh bg-moon-50">
      <Hero />
      <main>
        <Courses />
        <Features />
        <Community />
        <Pricing />
      </main>
      <Footer />
    </div>
  );
}
