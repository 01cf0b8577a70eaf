import { expect, type Locator, type Page } from '@playwright/test';

let counter = 0;
export const uniqueEmail = (prefix = 'sister') => `${prefix}.${Date.now()}.${counter++}@example.com`;

/** The admin named in ADMIN_EMAILS of playwright.config.ts. */
export const ADMIN_EMAIL = 'e2e-admin@example.com';

/** Signs a new member up through the real form and waits for the dashboard; her name is the email's local part unless given. */
export async function signUpThroughForm(
  page: Page,
  email = uniqueEmail(),
  password = 'moonlight',
  name = email.split('@')[0] ?? 'Sister',
) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password, name };
}

/**
 * Signs in through the API (same cookie as the form), creating the account on first use. A new account
 * confirms its email from the development outbox, as ADMIN_EMAILS requires before it promotes her.
 */
export async function signInAs(page: Page, email: string, password = 'moonlight') {
  // Requests from the page's own origin, as the browser would send them.
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers });
  if (signIn.ok()) return;
  const name = email.split('@')[0] ?? 'Sister';
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name }, headers });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  if (email === ADMIN_EMAIL) await confirmEmailFromOutbox(page, email);
}

/** Follows the confirmation link the development outbox holds for `email` (in the page's own session). */
export async function confirmEmailFromOutbox(page: Page, email: string) {
  const outbox = await (await page.request.get('/api/dev/outbox')).json();
  const mail = outbox.mails.find(
    (m: { to: string; subject: string }) => m.to === email && m.subject.startsWith('Confirm your email'),
  );
  expect(mail, `no confirmation mail to ${email}`).toBeDefined();
  const link = mail.text.match(/https?:\/\/\S+/)[0] as string;
  expect((await page.request.get(link)).ok()).toBe(true);
}

/**
 * A member with an active (test-mode) membership, signed in and on the dashboard. She is made through the
 * API (the same requests the sign-up form and the test checkout send): billing.spec.ts and auth.spec.ts walk
 * those forms themselves, and the other specs only need her to exist, at a fraction of the time.
 */
export async function becomeMember(page: Page, email = uniqueEmail(), password = 'moonlight') {
  const name = email.split('@')[0] ?? 'Sister';
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password, name }, headers });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const paid = await page.request.post('/api/billing/test/complete', { data: {}, headers });
  expect(paid.ok(), await paid.text()).toBe(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Active Lunara Member' })).toBeVisible();
  return { email, password, name };
}

/**
 * A member joins a seeded circle that takes members at once (the demo's New Moon Manifesters, with its
 * posts, chat and a circle-only event) and gets its page's address.
 */
export async function joinSeededCircle(page: Page, name = 'New Moon Manifesters'): Promise<string> {
  const { circles } = (await (await page.request.get('/api/circles')).json()) as {
    circles: { id: string; name: string; isMember: boolean }[];
  };
  const circle = circles.find((one) => one.name === name);
  if (!circle) throw new Error(`No circle named ${name}`);
  if (!circle.isMember) {
    const joined = await page.request.post(`/api/circles/${circle.id}/join`, {
      data: {},
      headers: { origin: process.env.E2E_ORIGIN ?? '' },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  return `/community/circles/${circle.id}`;
}

/**
 * Waits until React has taken over a prerendered control (`/`, `/dashboard`): before hydration the server's
 * markup shows it, but a press does nothing yet. React marks each element it owns with its props.
 */
export async function waitUntilHydrated(control: Locator) {
  await expect
    .poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}

/** Presses a prerendered page's button once React handles it (a link works before, as a plain link). */
export async function clickWhenHydrated(control: Locator) {
  await waitUntilHydrated(control);
  await control.click();
}

/** The app's entry script: held back or refused, what shows is what the server drew. */
export const APP_CODE = /\/assets\/index-[\w-]+\.js$/;

/**
 * A slow phone: the app's code is held back until `release()`, so the prerendered page shows well
 * before its code has taken it over. `open(url)` goes to a page and returns once it has asked for its
 * code: it waits for the document, not for `load`, which waits for the held code once the loader has
 * asked for it (a clean-clone check timed out in `goto` on a slower machine).
 */
export async function holdAppCode(page: Page) {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(APP_CODE, async (route) => {
    held = true;
    await arrived;
    await route.continue();
  });
  const asked = () => held;
  const open = async (url: string) => {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await expect.poll(asked).toBe(true);
  };
  return { release, open };
}

/**
 * What the page's CSP refuses, as the browser reports it (a `securitypolicyviolation`): a script or style
 * the app did not mean to run, or a library probing for eval. Listened to from the page's first script on.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation:')) violations.push(`${page.url()} ${message.text()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.warn(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    ),
  );
  return violations;
}
