import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { api, DEMO, sharedLogin } from './support/api.js';
import { launchBrowser, PHONE_VIEWPORT, sharedSignedInContext, skipMarketingPopup } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// The team screen against the real server in Chromium.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

interface Member {
  id: number;
  name: string;
  uemail: string;
  role: string;
  booking_url: string;
  profile_pic: string | null;
}
/** A 1×1 PNG: the server checks images by content. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const members = async () =>
  (await api<{ response: Member[] }>(server.baseUrl, 'GET', '/team/team-members/', { token: adminToken })).body.response;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (await sharedLogin(server.baseUrl, DEMO.admin)).access;
  context = await sharedSignedInContext(browser, server.baseUrl, DEMO.admin);
  page = await context.newPage();
  await page.goto('/dashboard/team');
  await page.getByRole('heading', { name: 'Team Members' }).waitFor({ timeout: 60_000 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const sheet = () => page.getByRole('dialog', { name: /barber|manager/i });

/** A barber made through the API, so each test starts from its own member. */
async function addBarber(name: string, email: string): Promise<number> {
  const res = await api<{ status: number; response: { id: number } }>(server.baseUrl, 'POST', '/barbers/', {
    token: adminToken,
    body: { name, phone_number: '555-010-1212', email, role: 'employee' },
  });
  expect(res.status).toBe(200);
  return res.body.response.id;
}
const removeMember = (id: number) => api(server.baseUrl, 'DELETE', `/team/team-members/${id}/`, { token: adminToken });
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

describe('team screen', () => {
  beforeEach(async () => {
    await page.goto('/dashboard/team');
    await page.getByRole('tab', { name: /^Barbers \(\d+\)$/ }).waitFor({ timeout: 60_000 });
  });

  it('lists barbers and managers in tabs with counts, columns and role badges', async () => {
    await page.getByRole('tab', { name: /^Barbers \(\d+\)$/ }).waitFor();
    const team = await members();
    const managers = team.filter((m) => m.role === 'admin' || m.role === 'manager');
    const barbers = team.filter((m) => m.role !== 'admin' && m.role !== 'manager');
    expect(await page.getByRole('tab', { name: `Barbers (${barbers.length})` }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: `Managers (${managers.length})` }).count()).toBe(1);
    expect(await page.getByText('Manage your barbers and managers').count()).toBe(1);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Member', 'Actions', 'Role', 'Join Date']);
    expect(await page.getByRole('button', { name: '+ Create barber' }).count()).toBe(1);
    const first = barbers[0]!;
    expect(await row(first.uemail).locator('[data-role]').textContent()).toBe('Employee');

    await page.getByRole('tab', { name: /^Managers/ }).click();
    await page.getByRole('button', { name: '+ Create Manager' }).waitFor();
    const manager = managers.find((m) => m.role === 'manager')!;
    const admin = managers.find((m) => m.role === 'admin')!;
    const badgeColor = (email: string) => row(email).locator('[data-role]').evaluate((el) => getComputedStyle(el).color);
    expect(await row(manager.uemail).locator('[data-role]').textContent()).toBe('Manager');
    expect(await badgeColor(manager.uemail)).toBe('rgb(124, 58, 237)'); // purple
    expect(await badgeColor(admin.uemail)).toBe('rgb(220, 38, 38)'); // red
    await page.getByRole('tab', { name: /^Barbers/ }).click();
    expect(await badgeColor(first.uemail)).toBe('rgb(15, 118, 110)'); // the brand colour
  });

  it('creates a barber, asking for the email first', async () => {
    await page.getByRole('button', { name: '+ Create barber' }).click();
    await sheet().waitFor();
    expect(await sheet().getByLabel('Phone number').getAttribute('placeholder')).toBe('123-456-7890');
    expect(await sheet().getByLabel('Booking URL').inputValue()).toBe('http://');
    expect(await sheet().getByLabel('Booking URL').getAttribute('type')).toBe('url');
    expect(await sheet().getByLabel('Photo').getAttribute('accept')).toBe('image/*');
    await sheet().getByLabel('Name').fill('Nina Fox');
    await sheet().getByLabel('Phone number').fill('555-010-4444');
    await sheet().getByRole('button', { name: 'Add', exact: true }).click();
    await sheet().getByText('Please enter email').waitFor();
    expect((await members()).some((m) => m.name === 'Nina Fox')).toBe(false);

    await sheet().getByLabel('Email').fill('nina.fox@chairline.test');
    await sheet().getByLabel('Booking URL').fill('https://booksy.com/nina');
    // Hold the save back to see the busy label.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/barbers/**', async (route) => {
      await held;
      await route.continue();
    });
    await sheet().getByRole('button', { name: 'Add', exact: true }).click();
    await sheet().getByRole('button', { name: 'Adding...' }).waitFor();
    release();
    await page.getByText('Barber added successfully! We emailed nina.fox@chairline.test an invitation to sign in.').waitFor();
    await page.unroute('**/api/barbers/**');
    await sheet().waitFor({ state: 'hidden' });
    await row('nina.fox@chairline.test').waitFor();
    const created = (await members()).find((m) => m.uemail === 'nina.fox@chairline.test');
    expect(created).toMatchObject({ name: 'Nina Fox', role: 'employee', booking_url: 'https://booksy.com/nina' });
    if (!created) throw new Error('Nina Fox was not created');

    // The form is reset for the next member.
    await page.getByRole('button', { name: '+ Create barber' }).click();
    expect(await sheet().getByLabel('Name').inputValue()).toBe('');
    await sheet().getByRole('button', { name: 'Cancel' }).click();
    await sheet().waitFor({ state: 'hidden' });
    await removeMember(created.id);
  });

  it('edits a barber', async () => {
    const id = await addBarber('Eddie Edit', 'eddie.edit@chairline.test');
    await page.reload();
    await page.getByRole('button', { name: 'Edit Eddie Edit' }).click();
    await sheet().waitFor();
    expect(await sheet().getByLabel('Email').inputValue()).toBe('eddie.edit@chairline.test');
    await sheet().getByLabel('Name').fill('Eddie Edited');
    await sheet().getByLabel('Photo').setInputFiles({ name: 'nina.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await sheet().getByText('nina.png').waitFor();
    await sheet().getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Barber updated successfully!').waitFor();
    await sheet().waitFor({ state: 'hidden' });
    await row('Eddie Edited').waitFor();
    const edited = (await members()).find((m) => m.id === id);
    expect(edited?.name).toBe('Eddie Edited');
    expect(edited?.profile_pic).toMatch(/^\/uploads\//);
    await removeMember(id);
  });

  it('changes a member password, ignoring an empty value', async () => {
    const id = await addBarber('Pat Password', 'pat.password@chairline.test');
    await page.reload();
    await page.getByRole('button', { name: 'Change password of Pat Password' }).click();
    const prompt = page.getByRole('dialog', { name: 'Change Password' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Update' }).click(); // empty: ignored
    await prompt.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog', { name: 'Updated!' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Change password of Pat Password' }).click();
    await prompt.getByPlaceholder('Type the new password').fill('pat-new-pass-1');
    await prompt.getByRole('button', { name: 'Update' }).click();
    const done = page.getByRole('dialog', { name: 'Updated!' });
    await done.getByText('Member password updated.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    const signIn = await api(server.baseUrl, 'POST', '/auth/login/', { body: { email: 'pat.password@chairline.test', password: 'pat-new-pass-1' } });
    expect(signIn.status).toBe(200);
    await removeMember(id);
  });

  it('shows the server message when the plan barber limit is reached', async () => {
    // Fill the plan's remaining seats through the API, then try one more on screen.
    const me = await api<{ response: { total_barbers: number; barber_limit: number } }>(server.baseUrl, 'GET', '/auth/get-user-data/', { token: adminToken });
    const free = me.body.response.barber_limit - me.body.response.total_barbers;
    const seats: number[] = [];
    for (let i = 0; i < free; i++) seats.push(await addBarber(`Seat ${i}`, `seat${i}@chairline.test`));
    onTestFinished(async () => {
      for (const seat of seats) await removeMember(seat);
    });
    const before = (await members()).length;
    await page.getByRole('button', { name: '+ Create barber' }).click();
    await sheet().getByLabel('Name').fill('One Too Many');
    await sheet().getByLabel('Phone number').fill('555-010-8888');
    await sheet().getByLabel('Email').fill('too.many@chairline.test');
    await sheet().getByRole('button', { name: 'Add', exact: true }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText(/allows \d+ barbers\. Upgrade your plan to add more\./).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await error.waitFor({ state: 'hidden' });
    // The form stays open with what was typed.
    expect(await sheet().getByLabel('Email').inputValue()).toBe('too.many@chairline.test');
    await sheet().getByRole('button', { name: 'Cancel' }).click();
    await sheet().waitFor({ state: 'hidden' });
    expect((await members()).length).toBe(before);
  });

  it("shows the server's refusal in an Error alert, and offers no delete on one's own row", async () => {
    const id = await addBarber('Gone Gina', 'gone.gina@chairline.test');
    await page.reload();
    await row('Gone Gina').waitFor({ timeout: 60_000 });
    // Someone else removes her while this page still lists her.
    await removeMember(id);
    await page.getByRole('button', { name: 'Delete Gone Gina' }).click();
    await page.getByRole('dialog', { name: 'Delete this member?' }).getByRole('button', { name: 'Yes, delete' }).click();
    const error = page.getByRole('dialog', { name: 'Error' });
    await error.getByText('This team member does not exist.').waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await error.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: /^Managers/ }).click();
    const me = (await members()).find((m) => m.uemail === DEMO.admin)!;
    await row(DEMO.admin).waitFor();
    expect(await page.getByRole('button', { name: `Edit ${me.name}` }).count()).toBe(1);
    expect(await page.getByRole('button', { name: `Delete ${me.name}` }).count()).toBe(0);
  });

  it('deletes a member after confirming', async () => {
    await addBarber('Dana Delete', 'dana.delete@chairline.test');
    await page.reload();
    await page.getByRole('button', { name: 'Delete Dana Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this member?' });
    await confirm.getByText("This action can't be undone.").waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await members()).some((m) => m.name === 'Dana Delete')).toBe(true);

    await page.getByRole('button', { name: 'Delete Dana Delete' }).click();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    const done = page.getByRole('dialog', { name: 'Deleted!' });
    await done.getByText('Member removed.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await row('Dana Delete').waitFor({ state: 'detached' });
    expect((await members()).some((m) => m.name === 'Dana Delete')).toBe(false);
  });
});

describe('a manager', () => {
  it('sees the managers tab without the create button for managers', async () => {
    const manager = await sharedSignedInContext(browser, server.baseUrl, DEMO.manager);
    const p = await manager.newPage();
    await p.goto('/dashboard/team');
    await p.getByRole('button', { name: '+ Create barber' }).waitFor({ timeout: 60_000 });
    await p.getByRole('tab', { name: /^Managers/ }).click();
    await p.getByRole('table', { name: 'Managers' }).waitFor();
    expect(await p.getByRole('button', { name: '+ Create Manager' }).count()).toBe(0);
    await manager.close();
  });
});

describe('a new shop', () => {
  it('shows the loading text, then the owner among the barbers', async () => {
    const signup = await api<{ access: string; refresh: string }>(server.baseUrl, 'POST', '/auth/signup/', {
      body: { name: 'Solo Owner', email: 'solo@chairline.test', password: 'solo-pass-123', shop_name: 'Solo Cuts', shop_username: 'solo-cuts' },
    });
    expect(signup.status).toBe(200);
    const fresh = await browser.newContext({ baseURL: server.baseUrl });
    await fresh.addInitScript((items: Record<string, string>) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, { accessToken: signup.body.access, refreshToken: signup.body.refresh, lastTokenRefresh: String(Date.now()) });
    // A BASIC PLAN shop: its marketing modal would hide the page from role queries.
    await skipMarketingPopup(fresh);
    const p = await fresh.newPage();
    // Hold the list back until the loading text has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/api/team/team-members/**', async (route) => {
      await held;
      await route.continue();
    });
    await p.goto('/dashboard/team');
    await p.getByText('Loading team members…').waitFor({ timeout: 60_000 });
    release();
    // A new owner cuts hair (they are the shop's first barber): listed among the barbers too, and
    // the owner is an admin, so the tab buttons show.
    await p.getByRole('table', { name: 'Barbers' }).getByText('Solo Owner').waitFor();
    expect(await p.getByRole('tab').allTextContents()).toEqual(['Barbers (1)', 'Managers (1)']);
    await fresh.close();
  });
});

describe('team sheet on a phone', () => {
  it('opens as a bottom sheet that closes when dragged down more than 100 px', async () => {
    const phone = await sharedSignedInContext(browser, server.baseUrl, DEMO.admin, { viewport: PHONE_VIEWPORT });
    const p = await phone.newPage();
    await p.goto('/dashboard/team');
    await p.getByRole('button', { name: '+ Create barber' }).waitFor({ timeout: 60_000 });
    await p.getByRole('button', { name: '+ Create barber' }).click();
    const dialog = p.getByRole('dialog', { name: 'Create barber' });
    await dialog.waitFor();
    /** Where the sheet's bottom edge is, in whole pixels (it slides while it opens or springs back). */
    const bottomEdge = async () => {
      const box = await dialog.boundingBox();
      return box && Math.round(box.y + box.height);
    };
    // The slide-up transition ends with the sheet anchored to the bottom, full width.
    await expect.poll(bottomEdge, { timeout: 30_000 }).toBe(PHONE_VIEWPORT.height);
    expect((await dialog.boundingBox())?.width).toBe(PHONE_VIEWPORT.width);
    await p.screenshot({ path: 'test-results/admin-team-phone.png' });

    const handle = await p.getByTestId('sheet-handle').boundingBox();
    if (!handle) throw new Error('no drag handle');
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    // 60 px is not enough: the sheet springs back.
    await p.mouse.move(x, y);
    await p.mouse.down();
    await p.mouse.move(x, y + 60, { steps: 6 });
    // While held, the sheet follows the pointer down...
    await expect.poll(bottomEdge, { timeout: 30_000 }).toBeGreaterThan(PHONE_VIEWPORT.height + 30);
    await p.mouse.up();
    // ...and once let go it springs back to the bottom edge and stays open.
    await expect.poll(bottomEdge, { timeout: 30_000 }).toBe(PHONE_VIEWPORT.height);
    expect(await dialog.isVisible()).toBe(true);
    // More than 100 px closes it.
    await p.mouse.move(x, y);
    await p.mouse.down();
    await p.mouse.move(x, y + 160, { steps: 8 });
    await p.mouse.up();
    await dialog.waitFor({ state: 'hidden' });
    await phone.close();
  });
});
