import { expect, test } from '@playwright/test';
import { signUpThroughForm, uniqueEmail } from './fixtures.ts';

test('a visitor signs up and reaches the dashboard', async ({ page }) => {
  const email = uniqueEmail('new.sister');
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('moonlight');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${email.split('@')[0]}` })).toBeVisible();
  await expect(page.getByText('Check your email')).toBeVisible();
  await expect(page.getByText('Free Access').first()).toBeVisible();

  // The session survives a reload: it is a cookie, not page state.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
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
  await expect(page).toHaveURL(/\/auth$/);
  await signUpThroughForm(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown page shows the not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
