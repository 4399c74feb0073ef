import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './support/browser.js';
import { useApp } from './support/harness.js';

// The public /pricing page in Chromium against the real server and its seeded plans
// (BASIC PLAN monthly; PRO and PREMIUM monthly and yearly, the yearly ones discounted).

const app = useApp();

async function open(path: string, viewport: { width: number; height: number } = DESKTOP_VIEWPORT): Promise<Page> {
  const page = await app.open(path, { viewport });
  await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  return page;
}

const plans = (page: Page) => page.getByRole('list', { name: 'Plans' }).locator(':scope > li:visible');
const planNames = async (page: Page) => (await plans(page).locator('h2').allTextContents()).map((t) => t.trim());

describe('the public pricing page', () => {
  it('shows each plan once, Monthly first, and the yearly plans with their discount behind the toggle', async () => {
    const page = await open('/pricing');
    const toggle = page.getByRole('group', { name: 'Billing interval' });
    const monthly = toggle.getByRole('button', { name: 'Monthly' });
    const yearly = toggle.getByRole('button', { name: 'Yearly' });
    expect(await monthly.getAttribute('aria-pressed')).toBe('true');
    expect(await yearly.getAttribute('aria-pressed')).toBe('false');
    expect(await planNames(page)).toEqual(['BASIC PLAN', 'PRO PLAN', 'PREMIUM PLAN']);

    const proMonthly = plans(page).filter({ has: page.getByRole('heading', { name: 'PRO PLAN' }) });
    expect(await proMonthly.getByText('Most Popular').isVisible()).toBe(true);
    expect(await proMonthly.locator('.plan-price strong').textContent()).toBe('$29');
    expect(await proMonthly.locator('s').count()).toBe(0);
    expect((await proMonthly.locator('.plan-features li').allTextContents()).map((t) => t.trim())).toEqual([
      '6 employees',
      '1500 check-ins per month',
      '24/7 Customer Support',
    ]);
    expect(await proMonthly.getByText('per month', { exact: true }).isVisible()).toBe(true);
    expect(await proMonthly.getByText('14-day free trial').isVisible()).toBe(true);

    await yearly.click();
    await expect.poll(() => yearly.getAttribute('aria-pressed')).toBe('true');
    expect(await monthly.getAttribute('aria-pressed')).toBe('false');
    expect(await planNames(page)).toEqual(['PRO PLAN', 'PREMIUM PLAN']);
    const proYearly = plans(page).filter({ has: page.getByRole('heading', { name: 'PRO PLAN' }) });
    // 348 × (1 − 20/100) = 278.40; the old price struck through.
    expect(await proYearly.locator('.plan-price strong').textContent()).toBe('$278.40');
    expect(await proYearly.locator('s').textContent()).toBe('$348');
    expect(await proYearly.getByText('20% off').isVisible()).toBe(true);
    const premiumYearly = plans(page).filter({ has: page.getByRole('heading', { name: 'PREMIUM PLAN' }) });
    // 708 × 0.75 = 531: a whole amount hides its decimals.
    expect(await premiumYearly.locator('.plan-price strong').textContent()).toBe('$531');
    expect((await premiumYearly.locator('.plan-features li').allTextContents()).map((t) => t.trim())).toEqual([
      'unlimited employees',
      'unlimited check-ins per month',
      '24/7 Customer Support',
    ]);

    await monthly.click();
    await expect.poll(() => planNames(page)).toEqual(['BASIC PLAN', 'PRO PLAN', 'PREMIUM PLAN']);
  });

  it("sends a visitor's 'Get started' to the login page, which links to sign-up", async () => {
    const page = await open('/pricing');
    const pro = plans(page).filter({ has: page.getByRole('heading', { name: 'PRO PLAN' }) });
    await pro.getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('is a swipe carousel on a phone', async () => {
    const page = await open('/pricing', PHONE_VIEWPORT);
    const list = page.getByRole('list', { name: 'Plans' });
    const style = await list.evaluate((el) => {
      const s = getComputedStyle(el);
      return { overflowX: s.overflowX, snap: s.scrollSnapType };
    });
    expect(style).toEqual({ overflowX: 'auto', snap: 'x mandatory' });
    const [first, second] = await Promise.all([plans(page).nth(0).boundingBox(), plans(page).nth(1).boundingBox()]);
    if (!first || !second) throw new Error('plan cards not laid out');
    expect(second.y).toBe(first.y); // side by side, not stacked
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(first.width).toBeLessThan(PHONE_VIEWPORT.width);
  });

  it('runs no inline script or inline event handler of its own (a strict Content-Security-Policy holds)', async () => {
    const html = await (await fetch(`${app.baseUrl}/pricing`)).text();
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    const toggleScript = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, , body]) => body?.includes('data-interval'));
    expect(toggleScript).toEqual([]);
    expect(html).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
  });
});
