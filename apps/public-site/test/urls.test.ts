import { describe, expect, it } from 'vitest';
import {
  displayPath,
  imageSrc,
  initials,
  isKioskMode,
  joinUrl,
  parseTabStyle,
  renamedShopAddress,
  shopPath,
  telHref,
  ticketPath,
} from '../src/lib/urls.js';

describe('public URLs', () => {
  it('builds shop, ticket, display and join paths with encoded parts', () => {
    expect(shopPath('demo')).toBe('/shop/demo');
    expect(shopPath('demo', 'store')).toBe('/store/demo');
    expect(ticketPath('demo', 'abc_123')).toBe('/shop/demo/ticket/abc_123');
    expect(ticketPath('demo', 'a/b')).toBe('/shop/demo/ticket/a%2Fb');
    expect(displayPath('demo')).toBe('/shop/demo/display');
    expect(joinUrl('https://chairline.example/', 'demo')).toBe('https://chairline.example/shop/demo');
  });

  it('reads ?tabStyle= with cards as the default', () => {
    expect(parseTabStyle('table')).toBe('table');
    expect(parseTabStyle('cards')).toBe('cards');
    expect(parseTabStyle(null)).toBe('cards');
    expect(parseTabStyle('grid')).toBe('cards');
  });

  it('reads ?kiosk=1', () => {
    expect(isKioskMode('1')).toBe(true);
    expect(isKioskMode('true')).toBe(true);
    expect(isKioskMode('0')).toBe(false);
    expect(isKioskMode(null)).toBe(false);
  });

  it('prefixes stored image paths with the backend host and passes full URLs through', () => {
    expect(imageSrc('/uploads/abc.webp')).toBe('/uploads/abc.webp');
    expect(imageSrc('uploads/abc.webp', 'https://api.example/')).toBe('https://api.example/uploads/abc.webp');
    expect(imageSrc('https://cdn.example/x.png', 'https://api.example')).toBe('https://cdn.example/x.png');
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc('  ')).toBeNull();
  });

  it('makes tel: links of digits and + only', () => {
    expect(telHref('+1 (555) 010-2000')).toBe('tel:+15550102000');
  });

  it('makes photo initials', () => {
    expect(initials('Marcus Reed')).toBe('MR');
    expect(initials('jay')).toBe('J');
    expect(initials('Ana de la Cruz')).toBe('AC');
    expect(initials('  ')).toBe('?');
  });

  it("sends a renamed shop's former address to the same page under its current username, query kept", () => {
    const at = (path: string) => new URL(`https://chairline.example${path}`);
    expect(renamedShopAddress(at('/shop/old-cuts?kiosk=1'), 'old-cuts', 'new-cuts')).toBe('/shop/new-cuts?kiosk=1');
    expect(renamedShopAddress(at('/store/old-cuts/employees?tabStyle=table'), 'old-cuts', 'new-cuts')).toBe(
      '/store/new-cuts/employees?tabStyle=table',
    );
    expect(renamedShopAddress(at('/shop/old-cuts/display'), 'old-cuts', 'new-cuts')).toBe('/shop/new-cuts/display');
    expect(renamedShopAddress(at('/shop/new-cuts'), 'new-cuts', 'new-cuts')).toBeNull();
    expect(renamedShopAddress(at('/shop/New-Cuts'), 'New-Cuts', 'new-cuts')).toBeNull();
  });
});
