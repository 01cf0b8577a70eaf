import type { ReactNode } from 'react';

/** One card of the settings page: a heading the page's table of contents links to, and its controls. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl text-night-900">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-ink-muted">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
