/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/): what a phone or computer needs to install
 * the app, with the product's configured name. The icons are drawn by scripts/make-icons.mjs into
 * apps/web/public/icons/.
 */

/** The design tokens (apps/web/src/styles/index.css): the page's moon-50, so that the splash screen and
 * the window's bar match the first paint instead of flashing another colour. */
const BACKGROUND = '#fbf8f3';

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

export function buildWebManifest(productName: string) {
  const icons: WebManifestIcon[] = [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    // The crescent inside the central 80%: Android crops it to its own shape (circle, squircle).
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  return {
    // A stable identity: the same installed app even if start_url changes one day.
    id: '/',
    name: productName,
    // Under the icon on a home screen: about 12 characters fit.
    short_name: productName.length <= 12 ? productName : productName.slice(0, 12).trimEnd(),
    description: 'Courses, a private sisterhood and moon-aligned rituals for women.',
    lang: 'en',
    dir: 'ltr',
    // Installed by a member, for her daily visit: her dashboard, not the landing page written for
    // visitors. Signed out, the dashboard sends her to sign in and back.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    categories: ['education', 'lifestyle', 'health'],
    icons,
  };
}
