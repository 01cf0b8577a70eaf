import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

// E2E_SHOTS_DIR keeps full-page screenshots at both widths (to look at them); without it, none are taken.
async function shootBothWidths(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a member builds a bath, saves it, prints it, shares it and completes it', async ({ page }) => {
  await becomeMember(page);

  // The Spiritual Baths course leads to the builder, and so does the rituals page.
  await page.goto('/course/5');
  await expect(page.getByRole('link', { name: 'Open the bath builder' })).toBeVisible();
  await page.goto('/rituals');
  await page.getByRole('link', { name: 'Build a spiritual bath' }).click();
  await expect(page).toHaveURL(/\/rituals\/bath-builder$/);
  await expect(page.getByRole('heading', { name: 'Spiritual Bath Builder', level: 1 })).toBeVisible();

  // The radios are drawn as cards (the input itself is visually hidden): she clicks the card.
  await page.getByText('Love', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /^Love/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /^Rose petals/ }).check();
  await page.getByRole('checkbox', { name: /^Rose quartz/ }).check();
  await page.getByRole('checkbox', { name: /^Clary sage oil/ }).check();
  await page.getByRole('checkbox', { name: /^Himalayan pink salt/ }).check();
  await expect(page.getByText('4 of 8 ingredients chosen.')).toBeVisible();

  // The live preview: the ritual with its amounts, its cautions written as cautions, and an affirmation.
  const preview = page.getByRole('article');
  const heading = preview.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(/^Love Bath for the /);
  const title = (await heading.innerText()).trim();
  await expect(preview.getByText('traditionally avoided during pregnancy', { exact: false })).toBeVisible();
  await expect(preview.locator('blockquote')).toContainText('I am worthy of love');
  await shootBothWidths(page, 'builder');

  await page.getByRole('button', { name: 'Save to my rituals' }).click();
  await expect(page.getByText('Your bath was saved to your rituals')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The printable recipe: on paper, no navigation and no buttons.
  await page.getByRole('link', { name: 'Print recipe' }).click();
  await expect(page).toHaveURL(/\/rituals\/baths\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await shootBothWidths(page, 'print');
  await page.emulateMedia({ media: 'screen' });

  // Shared once to the feed, with her own words above the recipe.
  await page.getByRole('button', { name: 'Share to the feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share your bath' });
  await dialog.getByLabel('A few words of your own (optional)').fill('My full-heart soak');
  await dialog.getByRole('button', { name: 'Share to the feed' }).click();
  await expect(page.getByText('Your bath was shared with the community (+10 points)')).toBeVisible();
  await page.getByRole('link', { name: 'See your post' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('My full-heart soak')).toBeVisible();

  // Completed like any ritual of hers.
  await page.goto('/rituals');
  await page.getByRole('button', { name: `Begin ${title}` }).click();
  const ritual = page.getByRole('dialog', { name: title });
  await ritual.getByRole('button', { name: /^Complete Ritual/ }).click();
  await expect(page.getByRole('button', { name: `${title}: completed` })).toBeDisabled();
});

test('the owner edits the ingredient catalog in the Content Studio', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin/content?section=baths');
  await expect(page.getByRole('heading', { name: 'Bath ingredients' })).toBeVisible();
  await expect(page.getByText('Selenite').first()).toBeVisible();
  await shootBothWidths(page, 'studio');

  const name = `Lemon balm ${Date.now()}`;
  await page.getByRole('button', { name: 'Add ingredient' }).click();
  const form = page.getByRole('dialog', { name: 'New ingredient' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Properties').fill('A gentle, uplifting herb.');
  await form.getByLabel('Amount for one bath').fill('a small handful');
  await form.getByRole('checkbox', { name: 'Rest', exact: true }).check();
  await form.getByRole('checkbox', { name: /Full Moon/ }).check();
  if (process.env.E2E_SHOTS_DIR) {
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, 'studio-form-1280.png') });
  }
  await form.getByRole('button', { name: 'Add ingredient' }).click();
  await expect(page.getByText('Ingredient added')).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
});
