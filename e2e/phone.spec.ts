import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, joinSeededCircle, signInAs, uniqueEmail } from './fixtures.ts';

// Every page on a phone's touch screen, at the narrowest width in use (320 px) and a common one (375 px):
// the page never scrolls sideways, and every control is at least 44 x 44 px under a finger (WCAG 2.5.5),
// except a link inside a sentence (the exception WCAG makes for inline targets). One browser context
// per role, signed in once; each page is measured at both widths.
const PHONES = [
  { width: 320, height: 640 },
  { width: 375, height: 812 },
];
const MIN_TARGET = 44;
const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

test.setTimeout(240_000);

async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONES[0], hasTouch: true, isMobile: true });
  return { context, page: await context.newPage() };
}

/**
 * What a finger cannot hit or the page spills: the page wider than the screen, and each visible control
 * smaller than 44 x 44 px, named as a screen reader names it. A checkbox or radio counts with its label
 * (the label takes the tap); controls behind an open dialog (aria-hidden, inert) are out of reach.
 */
function findProblems(minTarget: number) {
  const problems: string[] = [];
  const width = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in ${width} px`);

  const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const labels = element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.labels : null;
    const name =
      element.getAttribute('aria-label') ||
      (labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => text(document.getElementById(id)))
            .join(' ')
        : '') ||
      (labels?.[0] ? text(labels[0]) : '') ||
      text(element) ||
      element.getAttribute('title') ||
      element.getAttribute('placeholder') ||
      element.querySelector('img')?.getAttribute('alt') ||
      '(no name)';
    const role = element.getAttribute('role') || element.tagName.toLowerCase();
    return `${role} "${name.slice(0, 40)}"`;
  };
  const isHidden = (element: Element) => {
    if (element.closest('[aria-hidden="true"], [inert]')) return true;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.pointerEvents === 'none' || Number(style.opacity) === 0) return true;
    // Visually hidden (sr-only) until focused: a skip link, a file input behind its button.
    for (let box: Element | null = element; box; box = box.parentElement) {
      const boxStyle = getComputedStyle(box);
      if (boxStyle.clip !== 'auto' && boxStyle.clip !== '') return true;
      if (boxStyle.clipPath !== 'none') return true;
    }
    return false;
  };
  // A link within a run of text: drawn inline, with words of its own block's text around it.
  const isInlineLink = (element: Element) => {
    if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
    let block = element.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    return text(block).length > text(element).length;
  };
  // A "stretched" link (a card's title whose ::after covers the card) is as big as the box it covers.
  const stretchedOver = (element: Element) => {
    const after = getComputedStyle(element, '::after');
    if (after.content === 'none' || after.position !== 'absolute') return null;
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).position !== 'static') return box;
    }
    return null;
  };
  const boxOf = (element: Element) => {
    const box = (stretchedOver(element) ?? element).getBoundingClientRect();
    let { left, top, right, bottom } = box;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      for (const label of Array.from(element.labels ?? [])) {
        const around = label.getBoundingClientRect();
        left = Math.min(left, around.left);
        top = Math.min(top, around.top);
        right = Math.max(right, around.right);
        bottom = Math.max(bottom, around.bottom);
      }
    }
    return { width: right - left, height: bottom - top, boxWidth: box.width, boxHeight: box.height };
  };

  const controls = document.querySelectorAll(
    [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
      '[role="menuitemcheckbox"]',
      '[role="option"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="combobox"]',
    ].join(', '),
  );
  for (const element of Array.from(controls)) {
    const { width: w, height: h, boxWidth, boxHeight } = boxOf(element);
    if (boxWidth < 2 || boxHeight < 2) continue;
    if (isHidden(element) || (element as HTMLButtonElement).disabled || isInlineLink(element)) continue;
    if (w + 0.5 < minTarget || h + 0.5 < minTarget) {
      problems.push(`${nameOf(element)} is ${Math.round(w)}x${Math.round(h)} px`);
    }
  }
  return [...new Set(problems)];
}

/** Measures the page as it is now at both widths (and back to the first, where the next page opens). */
async function expectFitsFingers(page: Page, where: string) {
  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    // A resize reflows the page in the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const problems = await page.evaluate(findProblems, MIN_TARGET);
    expect.soft(problems, `${where} at ${phone.width} px`).toEqual([]);
  }
  await page.setViewportSize(PHONES[0] as { width: number; height: number });
}

/** Opens a page and waits until it has drawn its content (no "Loading..." left). */
async function open(page: Page, url: string, heading?: string | RegExp) {
  await page.goto(url);
  if (heading) await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function send(page: Page, method: 'post' | 'put', url: string, data: object = {}) {
  const response = await page.request[method](url, { data, headers: origin() });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('a visitor: every page fits a phone and a finger', async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  for (const [url, heading] of [
    ['/', /Goddess|Sisterhood|Lunara/],
    ['/auth', undefined],
    ['/auth?mode=signup', undefined],
    ['/auth?mode=forgot', undefined],
    ['/reset-password?token=abc', undefined],
    ['/email-confirmed?error=invalid_token', undefined],
    ['/assessment', undefined],
    ['/no/such/page', undefined],
  ] as const) {
    await open(page, url, heading);
    await expectFitsFingers(page, url);
  }
  await context.close();
});

test('a member: every page, menu and dialog fits a phone and a finger', async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  const email = uniqueEmail('phone');
  await signInAs(page, email);
  await open(page, '/dashboard');
  await expectFitsFingers(page, '/dashboard (free)');
  await open(page, '/billing/test-checkout');
  await expectFitsFingers(page, '/billing/test-checkout');
  await send(page, 'post', '/api/billing/test/complete');

  // What her pages show: a post of hers, a saved bath.
  const post = await send(page, 'post', '/api/posts', { title: 'Full moon notes', content: 'What a night it was.' });
  const catalog = await (await page.request.get('/api/baths/catalog')).json();
  const bath = await send(page, 'post', '/api/baths', {
    intention: 'rest',
    moonPhase: 'full_moon',
    ingredientIds: catalog.ingredients.slice(0, 2).map((ingredient: { id: string }) => ingredient.id),
  });

  const { categories } = await (await page.request.get('/api/forums/categories')).json();
  const category = categories[0].id;
  const topic = await send(page, 'post', `/api/forums/categories/${category}/topics`, {
    title: 'Moon water questions',
    content: 'How long do you leave it out?',
  });

  const circlePage = await joinSeededCircle(page);
  for (const url of [
    '/dashboard',
    '/courses',
    '/course/1',
    '/course/1/lesson/1-1',
    '/community',
    '/community?tab=leaderboard',
    '/community?tab=forums',
    `/community?tab=forums&category=${category}`,
    `/community?tab=forums&category=${category}&topic=${topic.id}`,
    '/community?tab=circles',
    '/community?tab=events',
    '/community?tab=messages',
    '/community?tab=saved',
    '/community?tab=pods',
    circlePage,
    `${circlePage}?tab=members`,
    `/community/post/${post.id}`,
    '/community/search?q=moon',
    '/rituals',
    '/rituals/bath-builder',
    `/rituals/baths/${bath.id}`,
    '/settings',
    '/billing/test-portal',
    '/assessment',
  ]) {
    await open(page, url);
    await expectFitsFingers(page, url);
  }

  // The header's menu, and dialogs she opens.
  await open(page, '/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectFitsFingers(page, 'the header menu');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Theme:/ })
    .first()
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectFitsFingers(page, 'the theme menu');
  await page.keyboard.press('Escape');

  await open(page, '/community');
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFitsFingers(page, 'the profile dialog');
  await page.keyboard.press('Escape');

  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFitsFingers(page, 'the notifications popover');
  await page.keyboard.press('Escape');

  await open(page, '/course/1/lesson/1-1');
  await page.getByRole('button', { name: 'Course outline' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFitsFingers(page, 'the course outline drawer');
  await page.keyboard.press('Escape');

  await open(page, '/rituals');
  await page
    .getByRole('region', { name: /^Aligned with the/ })
    .getByRole('button', { name: /^Begin / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFitsFingers(page, 'a ritual dialog');
  await page.keyboard.press('Escape');
  await context.close();
});

test('an admin: every staff page fits a phone and a finger', async ({ browser }) => {
  const { context, page } = await phonePage(browser);
  await signInAs(page, ADMIN_EMAIL);
  for (const url of [
    '/admin',
    '/admin?tab=users',
    '/admin?tab=content',
    '/admin?tab=settings',
    '/admin?tab=pods',
    '/admin/content',
    '/admin/content?section=rituals',
    '/admin/content?section=categories',
    '/admin/content?section=baths',
    '/admin/content?section=assessment',
    '/admin/content/courses/1',
    '/admin/content/courses/1/lessons/1-1',
    '/moderation',
  ]) {
    await open(page, url);
    await expectFitsFingers(page, url);
  }
  await open(page, '/admin?tab=pods');
  await page.getByRole('button', { name: 'New pod' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFitsFingers(page, 'the new pod dialog');
  await context.close();
});
