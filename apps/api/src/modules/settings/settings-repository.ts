import type { OpeningHours, ShopSettings, ShopSettingsInput } from '@chairline/shared';
import { DEFAULT_SHOP_COUNTRY } from '@chairline/shared';
import type { Sql } from '../../db/database.js';
import { one } from '../../db/database.js';
import { effectiveZoneOf } from '../../lib/shop-time-zone.js';

interface ShopRow {
  name: string;
  username: string;
  address: string;
  phone_number: string;
  logo_path: string | null;
  bluetick: boolean;
  timezone: string;
  opening_hours: OpeningHours;
  pin_enabled: boolean;
  pin_hash: string | null;
  country: string;
  effective_timezone: string;
  last_check_in_minutes: number;
}

export async function loadSettings(sql: Sql, shopId: number): Promise<ShopSettings | null> {
  const r = await one<ShopRow>(sql, `SELECT *, ${effectiveZoneOf('timezone')} AS effective_timezone FROM shops WHERE id = $1`, [shopId]);
  if (!r) return null;
  return {
    name: r.name,
    username: r.username,
    address: r.address,
    phone_number: r.phone_number,
    shop_logo: r.logo_path,
    bluetick: r.bluetick,
    timezone: r.timezone,
    opening_hours: r.opening_hours,
    pin_enabled: r.pin_enabled,
    pin_set: r.pin_hash !== null,
    country: r.country,
    timezone_recognised: r.effective_timezone === r.timezone,
    effective_timezone: r.effective_timezone,
    last_check_in_minutes: r.last_check_in_minutes,
  };
}

export async function pinState(sql: Sql, shopId: number) {
  return one<{ pin_enabled: boolean; pin_hash: string | null; username: string }>(
    sql,
    'SELECT pin_enabled, pin_hash, username FROM shops WHERE id = $1',
    [shopId],
  );
}

/** The settings as checked by the shared input rules; the new PIN is stored as a hash, apart. */
export type SettingsChange = Omit<ShopSettingsInput, 'pin'>;

/** A null PIN hash, country or last check-in keeps the stored one. */
export async function saveSettings(sql: Sql, shopId: number, b: SettingsChange, newPinHash: string | null): Promise<void> {
  await sql.query(
    `UPDATE shops SET name = $2, username = $3, address = $4, phone_number = $5, timezone = $6,
            opening_hours = $7::jsonb, pin_enabled = $8, pin_hash = coalesce($9, pin_hash),
            country = coalesce($10, country), last_check_in_minutes = coalesce($11, last_check_in_minutes)
      WHERE id = $1`,
    [shopId, b.name, b.username, b.address, b.phone_number, b.timezone, JSON.stringify(b.opening_hours), b.pin_enabled, newPinHash, b.country ?? null, b.last_check_in_minutes ?? null],
  );
}

/** The shop's country (ISO 3166-1 alpha-2), the region of numbers typed without a country code. */
export async function shopCountry(sql: Sql, shopId: number): Promise<string> {
  const row = await one<{ country: string }>(sql, 'SELECT country FROM shops WHERE id = $1', [shopId]);
  return row?.country ?? DEFAULT_SHOP_COUNTRY;
}
