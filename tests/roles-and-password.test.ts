import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { LoginReply } from '@chairline/shared';
import { api, DEMO, login } from './support/api.js';
import { contextWithSession, launchBrowser, sharedSignedInContext, skipMarketingPopup } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// Menus and row actions follow the role; an owner changes their own password from Profile.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a manager meets no dead ends', () => {
  it('sees no Settings (or Billing, Subscription) in the sidebar or the user menu', async () => {
    const context = await sharedSignedInContext(browser, server.baseUrl, DEMO.manager);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Team', exact: true }).waitFor({ timeout: 60_000 });
    expect(await sidebar.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    expect(await sidebar.getByRole('link', { name: 'Billing', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['My Profile', 'Logout']);
  });

  it('gets no edit, password or delete button on the Admin row, but does on barbers', async () => {
    const context = await sharedSignedInContext(browser, server.baseUrl, DEMO.manager);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/dashboard/team');
    await page.getByRole('tab', { name: /^Managers \(\d+\)$/ }).click({ timeout: 60_000 });
    const table = page.getByRole('table', { name: 'Managers' });
    const adminRow = table.getByRole('row').filter({ hasText: DEMO.admin });
    const managerRow = table.getByRole('row').filter({ hasText: DEMO.manager });
    // The list's own rows are on screen before anything is counted as absent.
    await adminRow.waitFor({ timeout: 60_000 });
    await managerRow.waitFor();
    for (const row of [adminRow, managerRow]) {
      expect(await row.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      expect(await row.getByRole('button', { name: /^Change password of / }).count()).toBe(0);
      expect(await row.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    }

    await page.getByRole('tab', { name: /^Barbers \(\d+\)$/ }).click();
    const barberRow = page.getByRole('table', { name: 'Barbers' }).getByRole('row').filter({ hasText: DEMO.barbers[0] });
    await barberRow.waitFor();
    expect(await barberRow.getByRole('button', { name: /^Edit / }).count()).toBe(1);
    expect(await barberRow.getByRole('button', { name: /^Change password of / }).count()).toBe(1);
    expect(await barberRow.getByRole('button', { name: /^Delete / }).count()).toBe(1);
  });
});

describe('changing my own password', () => {
  it('lets an owner change their password from Profile, stay signed in, and sign in with the new one', async () => {
    const email = 'pat.owner@chairline.test';
    const oldPassword = 'old-owner-pass-1';
    const newPassword = 'new-owner-pass-2';
    const signup = await api<LoginReply>(server.baseUrl, 'POST', '/auth/signup/', {
      body: { name: 'Pat Owner', email, password: oldPassword, shop_name: 'Pat Cuts', shop_username: 'pat-cuts' },
    });
    expect(signup.status).toBe(200);
    // A second device of the same owner: signed out by the change.
    const otherDevice = await login(server.baseUrl, email, oldPassword);

    const context = await contextWithSession(browser, server.baseUrl, signup.body);
    onTestFinished(() => context.close());
    await skipMarketingPopup(context);
    const page = await context.newPage();
    await page.goto('/dashboard/profile');
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor({ timeout: 60_000 });
    const form = page.getByRole('form', { name: 'Change password' });

    // A wrong current password is refused with the server's message.
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }).waitFor();

    // A confirmation that does not match never reaches the server.
    await form.getByLabel('Current password').fill(oldPassword);
    await form.getByLabel('Confirm new password').fill('something-else-3');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'The new passwords do not match.' }).waitFor();

    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('status').filter({ hasText: 'Your password has been changed. Other devices have been signed out.' }).waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');

    // This browser stays signed in: a fresh load of Profile shows the owner's page again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My profile' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard/profile');

    // The other device is signed out; only the new password signs in.
    const stale = await api(server.baseUrl, 'GET', '/auth/get-user-data/', { token: otherDevice.access });
    expect(stale.status).toBe(401);
    const oldLogin = await api(server.baseUrl, 'POST', '/auth/login/', { body: { email, password: oldPassword } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api(server.baseUrl, 'POST', '/auth/login/', { body: { email, password: newPassword } });
    expect(newLogin.status).toBe(200);
  });
});
