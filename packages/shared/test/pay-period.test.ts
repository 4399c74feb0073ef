import { describe, expect, it } from 'vitest';
import { parseAmount } from '../src/schemas/invoices.js';
import { payPeriod } from '../src/pay-periods/pay-period.js';

describe('payPeriod', () => {
  it('weekly periods run Monday to Sunday', () => {
    expect(payPeriod('weekly', '2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' }); // a Sunday
    expect(payPeriod('weekly', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });

  it('biweekly periods are two weeks from the 2024-01-01 anchor', () => {
    expect(payPeriod('biweekly', '2024-01-01')).toEqual({ start: '2024-01-01', end: '2024-01-14' });
    expect(payPeriod('biweekly', '2024-01-15')).toEqual({ start: '2024-01-15', end: '2024-01-28' });
    expect(payPeriod('biweekly', '2023-12-31')).toEqual({ start: '2023-12-18', end: '2023-12-31' });
  });

  it('monthly periods are calendar months, leap years included', () => {
    expect(payPeriod('monthly', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(payPeriod('monthly', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});

describe('parseAmount', () => {
  it('takes numbers and text with up to 2 decimals, in cents', () => {
    expect(parseAmount(25)).toEqual({ cents: 2500 });
    expect(parseAmount('19.99')).toEqual({ cents: 1999 });
    expect(parseAmount(0.1)).toEqual({ cents: 10 });
  });

  it('refuses negatives, 3 decimals and text that is not a number', () => {
    expect(parseAmount(-5)).toEqual({ error: 'The amount cannot be negative.' });
    expect(parseAmount('10.555')).toEqual({ error: 'The amount can have at most 2 decimals.' });
    expect(parseAmount('ten')).toEqual({ error: 'The amount must be a number, for example 25.00.' });
  });
});
