import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 375, height: 667 },
]) {
  test(`at ${viewport.width} px the ritual dialog's buttons show whole, on one line, clear of its edge`, async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport })).newPage();
    await becomeMember(page);
    await page.goto('/rituals');
    await page
      .getByRole('region', { name: /^Aligned with the/ })
      .getByRole('button', { name: /^Begin / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const complete = dialog.getByRole('button', { name: 'Complete Ritual (+15 pts)' });
    await expect(complete).toBeVisible();

    // One line of text: the label is a single line box.
    const lines = await complete.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);

    // Without scrolling the dialog, the button is inside it with room below (the footer's own padding).
    const box = await complete.boundingBox();
    const edge = await dialog.boundingBox();
    if (!box || !edge) throw new Error('no layout');
    expect(box.y).toBeGreaterThanOrEqual(edge.y);
    expect(edge.y + edge.height - (box.y + box.height)).toBeGreaterThanOrEqual(16);
  });
}
