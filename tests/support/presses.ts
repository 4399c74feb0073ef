import type { Page } from 'playwright-core';

/**
 * Notes in the page when the person presses the button named `name`, and returns how to ask
 * whether they have. For a test that refuses a page's reads until the person presses Try again:
 * the page also reloads on its own (reconnects, polls, live updates, slower on a busy machine), and
 * such a reload must neither clear the error before the press nor stand in for it. A route handler
 * asks on each request; the press is noted before the request it causes. Call it after the page
 * has loaded: a navigation forgets it.
 */
export async function notePresses(page: Page, name: string): Promise<() => Promise<boolean>> {
  await page.evaluate((label) => {
    const pressed = ((window as unknown as { pressedButtons?: Set<string> }).pressedButtons ??= new Set());
    document.addEventListener(
      'click',
      (event) => {
        const button = event.target instanceof Element ? event.target.closest('button') : null;
        if (button?.textContent?.trim() === label) pressed.add(label);
      },
      true,
    );
  }, name);
  // A page between two documents has not been pressed in yet.
  return () =>
    page.evaluate((label) => (window as unknown as { pressedButtons?: Set<string> }).pressedButtons?.has(label) === true, name).catch(() => false);
}
