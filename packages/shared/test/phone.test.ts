import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_COUNTRY, isShopCountry, normalizePhone, shopCountries } from '../src/phone.js';

describe('normalizePhone: one E.164 identity per phone', () => {
  it('reads every usual spelling of one US number as the same E.164 value in a US shop', () => {
    for (const typed of ['19175551001', '0019175551001', '+1 (917) 555-1001', '+19175551001', '(917) 555-1001', '917.555.1001', ' 011 1 917 555 1001 ']) {
      expect(normalizePhone(typed, 'US'), typed).toBe('+19175551001');
    }
  });

  it("reads numbers without a country code in the shop's country", () => {
    expect(normalizePhone('07911 123456', 'GB')).toBe('+447911123456');
    expect(normalizePhone('00 44 7911 123456', 'GB')).toBe('+447911123456');
    expect(normalizePhone('+44 7911 123456', 'US')).toBe('+447911123456');
    expect(normalizePhone('0044 7911 123456', 'US')).toBe('+447911123456');
    expect(normalizePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    // The same digits are a different phone in another country.
    expect(normalizePhone('9175551001', 'GB')).not.toBe('+19175551001');
  });

  it('keeps numbers from ranges the library may not know yet, when their length is right', () => {
    expect(normalizePhone('+1 555 010 4000', 'US')).toBe('+15550104000');
  });

  it('is idempotent: an E.164 value stays itself', () => {
    for (const e164 of ['+19175551001', '+447911123456', '+15550104000']) expect(normalizePhone(e164, 'US')).toBe(e164);
  });

  it('answers null for what is not a phone number', () => {
    for (const typed of ['', '   ', 'abc', 'call me', '123', '555-0101', '1234567', '+1 917 555 10011', '+1 917 555 1001 ext 5', '++19175551001']) {
      expect(normalizePhone(typed, 'US'), typed).toBeNull();
    }
  });

  it('falls back to the default country for an unknown country code', () => {
    expect(normalizePhone('(917) 555-1001', 'ZZ')).toBe('+19175551001');
    expect(normalizePhone('(917) 555-1001', 'us')).toBe('+19175551001');
  });
});

describe('shop countries', () => {
  it('are ISO 3166-1 alpha-2 codes with a known numbering plan; the default is the US', () => {
    expect(DEFAULT_SHOP_COUNTRY).toBe('US');
    const all = shopCountries();
    expect(all.length).toBeGreaterThan(200);
    expect(all).toEqual(expect.arrayContaining(['US', 'GB', 'FR', 'CA', 'NZ']));
    for (const code of all) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(isShopCountry('GB')).toBe(true);
    for (const bad of ['gb', 'ZZ', 'USA', '', 'U']) expect(isShopCountry(bad), bad).toBe(false);
  });
});
