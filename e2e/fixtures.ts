import { expect, type Page } from '@playwright/test';

let counter = 0;
export const uniqueEmail = (prefix = 'sister') => `${prefix}.${Date.now()}.${counter++}@example.com`;

/** Signs a new member up through the real form and waits for the dashboard. */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = 'moonlight') {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
}
