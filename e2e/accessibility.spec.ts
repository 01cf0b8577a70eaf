import { expect, type Locator, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs } from './fixtures.ts';

/** The focus ring as drawn: the global `:focus-visible` outline (styles/index.css). */
const ringOf = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    return { outline: `${style.outlineStyle} ${style.outlineWidth}`, shadow: style.boxShadow };
  });

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
});

test('a dialog opened with the keyboard gives focus back to its button when Escape closes it', async ({ page }) => {
  await page.goto('/rituals');
  const opener = page.getByRole('button', { name: 'Add your own ritual' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a dialog opened from a popover gives focus back to the popover’s button, its opener being gone', async ({
  page,
}) => {
  await page.goto('/community');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Notification Preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notification Preferences' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(bell).toBeFocused();
});

test('the focus ring shows for the keyboard, not after a mouse click', async ({ page }) => {
  await page.goto('/rituals');
  const opener = page.getByRole('button', { name: 'Add your own ritual' });

  // By mouse: the button gets focus back when the dialog closes, without a ring.
  await opener.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(opener).toBeFocused();
  const clicked = await ringOf(opener);
  expect(clicked.outline.startsWith('none') || clicked.outline.endsWith(' 0px')).toBe(true);
  expect(clicked.shadow).not.toContain('201, 154, 69');

  // By keyboard: the same button shows the ring.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(opener).toBeFocused();
  expect((await ringOf(opener)).outline).toBe('solid 3px');

  // And after Escape closes a dialog opened with the keyboard.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
  expect((await ringOf(opener)).outline).toBe('solid 3px');
});
