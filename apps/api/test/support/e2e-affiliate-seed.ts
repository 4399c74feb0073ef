// Test-only, for the affiliate browser test (tests/affiliate-programme.test.ts): prepares a data
// folder BEFORE the server starts, through the same code billing calls. The embedded database
// belongs to one process at a time, so this opens it, writes, closes it and exits; the server
// then starts on the folder. Usage: tsx test/support/e2e-affiliate-seed.ts <data dir>
import { openDatabase } from '../../src/db/open.js';
import { onInvoicePaid } from '../../src/modules/affiliates/affiliate-hooks.js';
import { attribute } from '../../src/modules/affiliates/attribution.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { createShopWithOwner } from '../../src/modules/auth/shops-repository.js';
import { seedDemoShop } from '../../src/seed/demo-shop.js';

export const SEEDED_AFFILIATE = { email: 'paula@partners.test', password: 'partner password', name: 'Paula Partner' } as const;
const DAY_MS = 86_400_000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: e2e-affiliate-seed.ts <data dir>');
const db = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  // The server seeds the demo shop only into an empty database: do it first, as it would.
  await seedDemoShop(db);
  const now = Date.now();
  await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO affiliates (name, email, password_hash, referral_code) VALUES ($1, $2, $3, 'paula-e2e001') RETURNING id`,
      [SEEDED_AFFILIATE.name, SEEDED_AFFILIATE.email, await hashPassword(SEEDED_AFFILIATE.password)],
    );
    const affiliateId = rows[0]?.id ?? 0;
    const { shopId } = await createShopWithOwner(tx, {
      name: 'Referred Owner',
      email: 'referred-owner@example.test',
      passwordHash: null,
      shopName: 'Referred Cuts',
      shopUsername: 'referred-cuts',
    });
    await attribute(tx, shopId, affiliateId, 'signup');
    // Paid 40 days ago (past the 30-day hold): 20 % of $300.00 = $60.00 available.
    await onInvoicePaid(tx, { shopId, providerInvoiceId: 'in_e2e_old', amountPaid: 30_000, currency: 'usd', paidAt: new Date(now - 40 * DAY_MS) });
    // Paid yesterday: 20 % of $29.00 = $5.80 pending.
    await onInvoicePaid(tx, { shopId, providerInvoiceId: 'in_e2e_new', amountPaid: 2_900, currency: 'usd', paidAt: new Date(now - DAY_MS) });
  });
} finally {
  await db.close();
}
