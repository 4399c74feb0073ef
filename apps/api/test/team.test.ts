import { readdirSync } from 'node:fs';
import { MESSAGES } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, makeShop, PASSWORD, unique, type TestShop } from './support/factories.js';
import { pngImage } from './support/images.js';
import { multipart, type FilePart } from './support/multipart.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Who = { access: string };
const list = async (who: Who) => (await t.app.inject({ method: 'GET', url: '/api/team/team-members/?timezone=UTC', headers: bearer(who) })).json();
const form = (who: Who, method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: FilePart) => {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({ method, url, payload, headers: { ...headers, ...bearer(who) } });
};
const createMember = (who: Who, fields: Record<string, string>, file?: FilePart) => form(who, 'POST', '/api/barbers/', fields, file);
const editMember = (who: Who, id: number, fields: Record<string, string>) => form(who, 'PUT', `/api/barbers/${id}/`, fields);
const removeMember = (who: Who, id: number) => t.app.inject({ method: 'DELETE', url: `/api/team/team-members/${id}/`, headers: bearer(who) });
const setPassword = (who: Who, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/team/update-team-member-password/', payload, headers: bearer(who) });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });

const barberFields = (overrides: Record<string, string> = {}) => ({
  name: 'Andre Blade',
  phone_number: '123-456-7890',
  email: `${unique('andre')}@example.test`,
  new_employee: 'true',
  booking_url: 'https://book.example/andre',
  payment_cycle: 'biweekly',
  percentage: '45.5',
  role: 'barber',
  ...overrides,
});

/** A shop on an unlimited plan, so limit rules do not get in the way of the other tests. */
async function unlimitedShop(): Promise<TestShop> {
  const shop = await makeShop(t.app, t.db);
  await t.db.query("UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = 'premium-monthly') WHERE shop_id = $1", [shop.shopId]);
  return shop;
}

describe('GET /api/team/team-members/', () => {
  it('lists every member as the team member record, oldest first', async () => {
    const shop = await unlimitedShop();
    const manager = await shop.addMember('manager', 'Mia Manager');
    const res = await list(shop.admin);
    expect(res.status).toBe(1);
    expect(res.response).toHaveLength(2);
    const [owner, mgr] = res.response;
    expect(owner).toEqual({
      id: expect.any(Number),
      name: 'Owner ' + shop.username,
      phone_number: '',
      email: shop.admin.email,
      uemail: shop.admin.email,
      booking_url: '',
      payment_cycle: 'weekly',
      percentage: 50,
      role: 'admin',
      new_employee: false,
      profile_pic: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      is_owner: true,
      position: 0,
      cuts_hair: true,
    });
    expect(mgr).toMatchObject({ id: manager.barberId, name: 'Mia Manager', role: 'manager', is_owner: false, uemail: manager.email });
    // Managers see the whole team (the managers tab lists admins and managers); barbers do not.
    expect((await list(manager)).response).toHaveLength(2);
    const barber = await shop.addMember('employee');
    expect((await t.app.inject({ method: 'GET', url: '/api/team/team-members/', headers: bearer(barber) })).statusCode).toBe(403);
  });
});

describe('POST /api/barbers/ (create a member)', () => {
  it('creates a barber with every field, photo included; they join the rotation at the back and get an invitation', async () => {
    const shop = await unlimitedShop();
    const fields = barberFields();
    const res = await createMember(shop.admin, fields, { field: 'profile_pic', filename: 'andre.png', contentType: 'image/png', data: await pngImage(80, 80) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 1,
      response: {
        id: expect.any(Number),
        name: 'Andre Blade',
        phone_number: '123-456-7890',
        email: fields.email,
        uemail: fields.email,
        booking_url: 'https://book.example/andre',
        payment_cycle: 'biweekly',
        percentage: 45.5,
        role: 'employee',
        new_employee: true,
        profile_pic: expect.stringMatching(/^\/uploads\/profile-photo-[0-9a-f-]{36}\.webp$/),
        created_at: expect.any(String),
        is_owner: false,
        position: 1,
        cuts_hair: true,
      },
    });
    const served = await t.app.inject({ method: 'GET', url: body.response.profile_pic });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await list(shop.admin)).response.map((m: { id: number }) => m.id)).toContain(body.response.id);

    const event = await one<{ kind: string; to_position: number; actor_user_id: number }>(
      t.db,
      'SELECT kind, to_position, actor_user_id FROM rotation_events WHERE barber_id = $1',
      [body.response.id],
    );
    expect(event).toEqual({ kind: 'join', to_position: 1, actor_user_id: shop.admin.userId });

    // No usable password until they follow the invitation.
    expect((await login(fields.email, '')).statusCode).toBe(400);
    expect((await login(fields.email, 'anything-at-all')).statusCode).toBe(401);
    const mail = t.mails.findLast((m) => m.to === fields.email);
    expect(mail?.subject).toBe(`You have been added to Shop ${shop.username} on Chairline`);
    const token = mail?.text.match(/\/reset-password\/([\w-]+)/)?.[1];
    expect(token).toMatch(/^[\w-]{20,}$/);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { token, password: 'my own secret 1' } });
    expect(reset.statusCode).toBe(200);
    const signedIn = await login(fields.email, 'my own secret 1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ role: 'employee', name: 'Andre Blade', shop_username: shop.username, position: 1 });
  });

  it('turns the bare http:// default into no booking link and defaults the rest', async () => {
    const shop = await unlimitedShop();
    const res = await createMember(shop.admin, { name: 'Plain', phone_number: '5550001111', email: `${unique('p')}@example.test`, booking_url: 'http://' });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ booking_url: '', role: 'employee', new_employee: false, payment_cycle: 'weekly', percentage: 50, profile_pic: null });
  });

  it('accepts JSON without a photo', async () => {
    const shop = await unlimitedShop();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/barbers/',
      payload: { name: 'Json Person', phone_number: '5550001111', email: `${unique('j')}@example.test`, new_employee: false, percentage: 30 },
      headers: bearer(shop.admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({ name: 'Json Person', percentage: 30, new_employee: false });
  });

  it('validates with the user-facing messages: 400, nothing created', async () => {
    const shop = await unlimitedShop();
    const cases: [Record<string, string>, string][] = [
      [{ ...barberFields(), email: '' }, 'Please enter email'],
      [{ ...barberFields(), email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ ...barberFields(), name: ' ' }, 'Please enter a name'],
      [{ ...barberFields(), phone_number: '' }, 'Please enter a phone number'],
      [{ ...barberFields(), booking_url: 'ftp://x' }, 'The booking URL must start with http:// or https://'],
      [{ ...barberFields(), booking_url: 'javascript:alert(1)' }, 'The booking URL must start with http:// or https://'],
      [{ ...barberFields(), booking_url: 'data:text/html,<b>hi</b>' }, 'The booking URL must start with http:// or https://'],
      [{ ...barberFields(), booking_url: 'mailto:andre@example.test' }, 'The booking URL must start with http:// or https://'],
      [{ ...barberFields(), percentage: '120' }, 'The percentage must be between 0 and 100.'],
      [{ ...barberFields(), percentage: 'lots' }, 'The percentage must be a number.'],
      [{ ...barberFields(), role: 'owner' }, 'The role must be admin, manager, employee or barber.'],
      [{ ...barberFields(), payment_cycle: 'daily' }, 'The payment cycle must be weekly, biweekly, semimonthly or monthly.'],
    ];
    const { email: _omit, ...noEmail } = barberFields();
    cases.push([noEmail, 'Please enter email']);
    for (const [fields, message] of cases) {
      const res = await createMember(shop.admin, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ status: 0, response: message });
    }
    expect((await list(shop.admin)).response).toHaveLength(1);
    const notAnImage = await createMember(shop.admin, barberFields(), { field: 'profile_pic', filename: 'x.png', contentType: 'image/png', data: Buffer.from('<html></html>') });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().response).toBe(MESSAGES.imageType);
    const broken = await t.app.inject({ method: 'POST', url: '/api/barbers/', payload: '{"name":', headers: { 'content-type': 'application/json', ...bearer(shop.admin) } });
    expect(broken.statusCode).toBe(400);
    expect((await list(shop.admin)).response).toHaveLength(1);
  });

  it('refuses an email any account already uses with 409', async () => {
    const shop = await unlimitedShop();
    const elsewhere = await makeShop(t.app, t.db);
    const res = await createMember(shop.admin, barberFields({ email: elsewhere.admin.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 0, response: 'An account with this email already exists.' });
  });

  it('lets a manager create barbers but not managers or admins; an admin creates managers', async () => {
    const shop = await unlimitedShop();
    const manager = await shop.addMember('manager');
    // Commission is the admins' to set: a manager's new barber gets the shop defaults.
    expect((await createMember(manager, barberFields({ payment_cycle: '', percentage: '' }))).statusCode).toBe(200);
    for (const role of ['manager', 'admin']) {
      const refused = await createMember(manager, barberFields({ role, payment_cycle: '', percentage: '' }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 0, response: 'Managers can add, edit and remove barbers only.' });
    }
    const made = await createMember(shop.admin, barberFields({ role: 'manager' }));
    expect(made.statusCode).toBe(200);
    expect(made.json().response).toMatchObject({ role: 'manager', position: null, cuts_hair: false });
  });
});

describe('the plan barber limit', () => {
  it('refuses a barber past the BASIC PLAN limit of 2 with a clear message; managers out of the rotation do not take a seat', async () => {
    // The owner starts in the rotation: one seat; one barber takes the second.
    const shop = await makeShop(t.app, t.db);
    expect((await createMember(shop.admin, barberFields())).statusCode).toBe(200);
    const third = await createMember(shop.admin, barberFields());
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ status: 0, response: 'Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.' });
    // A refused creation leaves no image behind, on disk or in the uploads table.
    const filesBefore = readdirSync(t.app.uploadsDir).length;
    const uploadsBefore = (await t.db.query('SELECT id FROM uploads')).length;
    const withPhoto = await createMember(shop.admin, barberFields(), { field: 'profile_pic', filename: 'p.png', contentType: 'image/png', data: await pngImage() });
    expect(withPhoto.statusCode).toBe(403);
    expect(readdirSync(t.app.uploadsDir)).toHaveLength(filesBefore);
    expect(await t.db.query('SELECT id FROM uploads')).toHaveLength(uploadsBefore);
    expect((await createMember(shop.admin, barberFields({ role: 'manager' }))).statusCode).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(shop.admin) })).json().response;
    expect([me.total_barbers, me.barber_limit]).toEqual([2, 2]);
  });

  it('counts a manager turned barber, and frees the seat when a barber is removed', async () => {
    const shop = await makeShop(t.app, t.db);
    // The owner (in the rotation) and b1 take the BASIC PLAN's 2 seats.
    const b1 = (await createMember(shop.admin, barberFields())).json().response;
    const mgr = (await createMember(shop.admin, barberFields({ role: 'manager' }))).json().response;
    const demote = await editMember(shop.admin, mgr.id, barberFields({ email: mgr.email, role: 'employee' }));
    expect(demote.statusCode).toBe(403);
    expect(demote.json().response).toBe('Your plan (BASIC PLAN) allows 2 barbers. Upgrade your plan to add more.');
    expect((await removeMember(shop.admin, b1.id)).statusCode).toBe(200);
    const retry = await editMember(shop.admin, mgr.id, barberFields({ email: mgr.email, role: 'employee' }));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().response.role).toBe('employee');
    expect(retry.json().response.position).not.toBeNull();
  });

  it('has no limit on an unlimited plan (-1)', async () => {
    const shop = await unlimitedShop();
    for (let i = 0; i < 4; i += 1) expect((await createMember(shop.admin, barberFields())).statusCode).toBe(200);
  });
});

describe('PUT /api/barbers/{id}/ (edit a member)', () => {
  it('updates the record and the account together; the payment fields stay when not sent', async () => {
    const shop = await unlimitedShop();
    const created = (await createMember(shop.admin, barberFields())).json().response;
    const newEmail = `${unique('new')}@example.test`;
    const res = await editMember(shop.admin, created.id, {
      name: 'Andre B.',
      phone_number: '555 222 3333',
      email: newEmail,
      new_employee: 'false',
      booking_url: '',
      role: 'employee',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({
      ...created,
      name: 'Andre B.',
      phone_number: '555 222 3333',
      email: newEmail,
      uemail: newEmail,
      new_employee: false,
      booking_url: '',
    });
    const blanks = await editMember(shop.admin, created.id, { name: 'Andre B.', phone_number: '555 222 3333', email: newEmail, percentage: '', payment_cycle: '' });
    expect(blanks.json().response).toMatchObject({ percentage: 45.5, payment_cycle: 'biweekly' });
    const changed = await editMember(shop.admin, created.id, { name: 'Andre B.', phone_number: '555 222 3333', email: newEmail, percentage: '50', payment_cycle: 'monthly' });
    expect(changed.json().response).toMatchObject({ percentage: 50, payment_cycle: 'monthly' });
    const account = await one<{ email: string; name: string; phone_no: string }>(t.db, 'SELECT u.email, u.name, u.phone_no FROM users u WHERE email = $1', [newEmail]);
    expect(account).toEqual({ email: newEmail, name: 'Andre B.', phone_no: '555 222 3333' });
  });

  it("refuses another member's email (409), a manager editing a manager (403), the owner's demotion and one's own role change", async () => {
    const shop = await unlimitedShop();
    const manager = await shop.addMember('manager');
    const other = await shop.addMember('manager');
    const b = (await createMember(shop.admin, barberFields())).json().response;
    const taken = await editMember(shop.admin, b.id, barberFields({ email: manager.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().response).toBe('An account with this email already exists.');
    const byManager = await editMember(manager, other.barberId, barberFields({ email: other.email, role: 'manager' }));
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().response).toBe('Managers can add, edit and remove barbers only.');
    const promote = await editMember(manager, b.id, barberFields({ email: b.email, role: 'manager' }));
    expect(promote.statusCode).toBe(403);
    const ownerId = (await list(shop.admin)).response.find((m: { is_owner: boolean }) => m.is_owner).id;
    const demoteOwner = await editMember(shop.admin, ownerId, barberFields({ email: shop.admin.email, role: 'manager' }));
    expect(demoteOwner.statusCode).toBe(403);
    expect(demoteOwner.json().response).toBe('The shop owner is always an admin.');
    const secondAdmin = await shop.addMember('admin');
    const ownerByAdmin = await editMember(secondAdmin, ownerId, barberFields({ email: secondAdmin.email.replace('@', '+x@'), role: 'admin' }));
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().response).toBe("Only the shop owner can change the owner's details.");
    const ownerBySelf = await editMember(shop.admin, ownerId, barberFields({ email: shop.admin.email, role: 'admin', name: 'Owner Renamed' }));
    expect(ownerBySelf.statusCode).toBe(200);
    expect(ownerBySelf.json().response).toMatchObject({ name: 'Owner Renamed', role: 'admin', is_owner: true });
    const self = await editMember(secondAdmin, secondAdmin.barberId, barberFields({ email: secondAdmin.email, role: 'manager' }));
    expect(self.statusCode).toBe(403);
    expect(self.json().response).toBe('You cannot change your own role.');
    expect((await editMember(manager, b.id, barberFields({ email: b.email, name: 'Edited By Manager' }))).json().response.name).toBe('Edited By Manager');
  });
});

describe('DELETE /api/team/team-members/{id}/', () => {
  it('removes the login and the rotation place, keeps the record archived for history', async () => {
    const shop = await unlimitedShop();
    const barber = await shop.addMember('employee', 'Leaving Larry');
    const stays = await shop.addMember('employee');
    await t.db.query(
      `INSERT INTO walkin_tickets (shop_id, token, party_name, preferred_barber_id, status, source) VALUES ($1, $2, 'Waiting Wanda', $3, 'waiting', 'online')`,
      [shop.shopId, unique('tok'), barber.barberId],
    );
    const res = await removeMember(shop.admin, barber.barberId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, response: 'Member removed.' });
    expect((await list(shop.admin)).response.map((m: { id: number }) => m.id)).not.toContain(barber.barberId);
    expect((await login(barber.email, PASSWORD)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-user-data/', headers: bearer(barber) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: barber.refresh } })).statusCode).toBe(401);
    const record = await one<{ name: string; archived: boolean; position: number | null; membership_id: number | null }>(
      t.db,
      'SELECT name, archived_at IS NOT NULL AS archived, position, membership_id FROM barbers WHERE id = $1',
      [barber.barberId],
    );
    expect(record).toEqual({ name: 'Leaving Larry', archived: true, position: null, membership_id: null });
    const positions = await t.db.query<{ id: number; position: number }>('SELECT id, position FROM barbers WHERE shop_id = $1 AND position IS NOT NULL ORDER BY position', [shop.shopId]);
    expect(positions.map((p) => p.position)).toEqual([0, 1]);
    expect(positions.map((p) => p.id)).toContain(stays.barberId);
    const ticket = await one<{ preferred_barber_id: number | null; status: string }>(t.db, "SELECT preferred_barber_id, status FROM walkin_tickets WHERE party_name = 'Waiting Wanda' AND shop_id = $1", [shop.shopId]);
    expect(ticket).toEqual({ preferred_barber_id: null, status: 'waiting' });
    expect((await removeMember(shop.admin, barber.barberId)).statusCode).toBe(404);
  });

  it('refuses removing oneself, the owner, and (for a manager) a manager or admin', async () => {
    const shop = await unlimitedShop();
    const manager = await shop.addMember('manager');
    const otherManager = await shop.addMember('manager');
    const admin2 = await shop.addMember('admin');
    const ownerId = (await list(shop.admin)).response.find((m: { is_owner: boolean }) => m.is_owner).id;
    const self = await removeMember(shop.admin, ownerId);
    expect(self.statusCode).toBe(403);
    expect(self.json().response).toBe('You cannot remove yourself from the team.');
    const owner = await removeMember(admin2, ownerId);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().response).toBe('The shop owner cannot be removed.');
    const mgr = await removeMember(manager, otherManager.barberId);
    expect(mgr.statusCode).toBe(403);
    expect(mgr.json().response).toBe('Managers can add, edit and remove barbers only.');
    expect((await removeMember(manager, admin2.barberId)).statusCode).toBe(403);
    const barber = await shop.addMember('employee');
    expect((await removeMember(manager, barber.barberId)).statusCode).toBe(200);
    expect((await removeMember(shop.admin, otherManager.barberId)).statusCode).toBe(200);
  });
});

describe('POST /api/team/update-team-member-password/', () => {
  it('sets the password and signs the member out everywhere', async () => {
    const shop = await unlimitedShop();
    const barber = await shop.addMember('employee');
    const res = await setPassword(shop.admin, { id: barber.barberId, password: 'brand new pass 9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, response: 'Member password updated.' });
    expect((await login(barber.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(barber.email, 'brand new pass 9')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh: barber.refresh } })).statusCode).toBe(401);
  });

  it('follows the role rules and validates the body', async () => {
    const shop = await unlimitedShop();
    const manager = await shop.addMember('manager');
    const admin2 = await shop.addMember('admin');
    const barber = await shop.addMember('employee');
    expect((await setPassword(manager, { id: barber.barberId, password: 'brand new pass 9' })).statusCode).toBe(200);
    const onAdmin = await setPassword(manager, { id: admin2.barberId, password: 'brand new pass 9' });
    expect(onAdmin.statusCode).toBe(403);
    expect(onAdmin.json().response).toBe('Managers can add, edit and remove barbers only.');
    const ownerId = (await list(shop.admin)).response.find((m: { is_owner: boolean }) => m.is_owner).id;
    const onOwner = await setPassword(admin2, { id: ownerId, password: 'brand new pass 9' });
    expect(onOwner.statusCode).toBe(403);
    expect(onOwner.json().response).toBe("Only the shop owner can change the owner's password.");
    const short = await setPassword(shop.admin, { id: barber.barberId, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().response).toBe('The password must be at least 8 characters long.');
    const noId = await setPassword(shop.admin, { password: 'brand new pass 9' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().response).toBe('Choose a team member.');
    expect((await setPassword(shop.admin, { id: 2_000_000, password: 'brand new pass 9' })).statusCode).toBe(404);
  });
});

describe('booking links on the team form', () => {
  const publicBarbers = async (username: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/barbers/?shop_username=${username}` })).json() as { id: number; booking_url: string }[];

  it('saves an https:// link (any case of scheme) on create and edit, and the public barber list shows it', async () => {
    const shop = await unlimitedShop();
    const res = await createMember(shop.admin, barberFields({ booking_url: ' https://booksy.com/en-us/andre ' }));
    expect(res.statusCode).toBe(200);
    const created = res.json().response;
    expect(created.booking_url).toBe('https://booksy.com/en-us/andre');
    expect((await publicBarbers(shop.username)).find((b) => b.id === created.id)?.booking_url).toBe('https://booksy.com/en-us/andre');

    const edit = await editMember(shop.admin, created.id, barberFields({ email: created.email, booking_url: 'HTTPS://calendly.com/andre/30min' }));
    expect(edit.statusCode).toBe(200);
    expect(edit.json().response.booking_url).toBe('HTTPS://calendly.com/andre/30min');
    expect((await publicBarbers(shop.username)).find((b) => b.id === created.id)?.booking_url).toBe('HTTPS://calendly.com/andre/30min');
    const bare = await editMember(shop.admin, created.id, barberFields({ email: created.email, booking_url: 'https://' }));
    expect(bare.json().response.booking_url).toBe('');
  });

  it('refuses a javascript: or ftp: link on edit with 400 and a clear message; the record, the account and the public list keep the old link', async () => {
    const shop = await unlimitedShop();
    const created = (await createMember(shop.admin, barberFields({ booking_url: 'https://square.site/book/andre' }))).json().response;
    for (const url of ['javascript:alert(document.cookie)', 'ftp://files.example/andre', 'data:text/html,hi']) {
      const res = await editMember(shop.admin, created.id, barberFields({ email: created.email, name: 'Renamed', booking_url: url }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ status: 0, response: 'The booking URL must start with http:// or https://' });
    }
    const record = await one<{ name: string; booking_url: string; ubooking: string }>(
      t.db,
      'SELECT b.name, b.booking_url, u.booking_url AS ubooking FROM barbers b JOIN memberships m ON m.id = b.membership_id JOIN users u ON u.id = m.user_id WHERE b.id = $1',
      [created.id],
    );
    expect(record).toEqual({ name: 'Andre Blade', booking_url: 'https://square.site/book/andre', ubooking: 'https://square.site/book/andre' });
    expect((await publicBarbers(shop.username)).find((b) => b.id === created.id)?.booking_url).toBe('https://square.site/book/andre');
  });
});

describe("another shop's members", () => {
  it('are 404 for edit, delete and password change, and absent from the list', async () => {
    const shop = await unlimitedShop();
    const other = await unlimitedShop();
    const theirs = await other.addMember('employee');
    expect((await editMember(shop.admin, theirs.barberId, barberFields())).statusCode).toBe(404);
    expect((await removeMember(shop.admin, theirs.barberId)).statusCode).toBe(404);
    expect((await setPassword(shop.admin, { id: theirs.barberId, password: 'brand new pass 9' })).statusCode).toBe(404);
    expect((await list(shop.admin)).response.map((m: { id: number }) => m.id)).not.toContain(theirs.barberId);
    expect((await login(theirs.email, PASSWORD)).statusCode).toBe(200);
  });
});
