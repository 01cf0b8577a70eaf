import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

const HTML = '<img src=x onerror="window.__pwned=1"><b>bold?</b><a href="javascript:window.__pwned=2">click</a>';

test('HTML a member writes shows as text in posts and comments; nothing runs', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await becomeMember(page);
  const origin = { origin: process.env.E2E_ORIGIN ?? '' };
  const title = `Hostile ${Date.now()} <script>window.__pwned=3</script>`;
  const created = await page.request.post('/api/posts', { data: { title, content: HTML }, headers: origin });
  const { id } = (await created.json()) as { id: string };
  await page.request.post(`/api/posts/${id}/comments`, { data: { content: HTML }, headers: origin });

  await page.goto('/community');
  const post = page.getByRole('article', { name: title });
  await expect(post).toContainText(HTML);
  await post.getByRole('button', { name: /comment/ }).click();
  await expect(post.getByText(HTML)).toHaveCount(2);
  // No element was made from the text, and no link leads to script.
  await expect(post.locator('b, img[src="x"], script')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
