import { expect, test } from '@playwright/test';
import { signUpThroughForm, uniqueEmail } from './fixtures.ts';

test('a visitor signs up and reaches the dashboard', async ({ page }) => {
  const email = uniqueEmail('new.sister');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

  await page.getByLabel('Your name').fill(email.split('@')[0] ?? '');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('moonlight');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  // Right after sign-up she is welcome, not welcome back (spec copy); also after a reload of that page.
  const name = email.split('@')[0];
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await expect(page.getByText('Check your email')).toBeVisible();
  await expect(page.getByText('Free Access').first()).toBeVisible();

  // The session survives a reload: it is a cookie, not page state.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  // Coming back to it later, she is welcome back.
  await page.goto('/');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${name}` })).toBeVisible();
});

test('a password of only spaces is refused at sign-up with a clear message', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('          ');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password cannot be only spaces')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('the emailed confirmation link lands on a page that says the email is confirmed', async ({ page }) => {
  const { email } = await signUpThroughForm(page);
  const outbox = await (await page.request.get('/api/dev/outbox')).json();
  const mail = outbox.mails.find((m: { to: string; subject: string }) => m.to === email);
  const link = mail.text.match(/https?:\/\/\S+/)[0] as string;
  await page.goto(link);
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText('your email address is confirmed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A damaged link says so, and offers nothing it cannot do.
  await page.goto(link.replace(/token=[^&]+/, 'token=damaged'));
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('This confirmation link is not valid')).toBeVisible();
});

test('a short password is refused before anything is sent', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('a member signs out and back in; a wrong password shows the provider message', async ({ page }) => {
  const { email, password } = await signUpThroughForm(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Authentication error')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back to Lunara.')).toBeVisible();
});

test('the dashboard sends a visitor to /auth, and /auth sends a member to the dashboard', async ({ page }) => {
  await page.goto('/dashboard');
  // The guard remembers where she was going, to return there after sign-in.
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  await signUpThroughForm(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown page shows the not-found screen, with a 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found - Lunara');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
