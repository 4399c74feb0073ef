import { describe, expect, it } from 'vitest';
import { parseAmount } from '../src/schemas/invoices.js';
import { lastCompletePayPeriod, payPeriod } from '../src/pay-periods/pay-period.js';

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

describe('pay periods from a shop-chosen start date', () => {
  it('weekly and two-weekly periods count from the chosen day, before and after it', () => {
    expect(payPeriod('weekly', '2026-11-23', '2026-01-07')).toEqual({ start: '2026-11-18', end: '2026-11-24' }); // Wednesdays
    expect(payPeriod('biweekly', '2026-11-23', '2026-11-20')).toEqual({ start: '2026-11-20', end: '2026-12-03' });
    expect(payPeriod('biweekly', '2026-11-19', '2026-11-20')).toEqual({ start: '2026-11-06', end: '2026-11-19' });
  });

  it('twice a month runs the 1st to the 15th and the 16th to the last day', () => {
    expect(payPeriod('semimonthly', '2026-11-15', '2026-03-09')).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(payPeriod('semimonthly', '2028-02-16')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
  });

  it('monthly periods start on the chosen day of the month, the last day when a month is shorter', () => {
    expect(payPeriod('monthly', '2026-11-23', '2025-06-10')).toEqual({ start: '2026-11-10', end: '2026-12-09' });
    expect(payPeriod('monthly', '2026-11-09', '2025-06-10')).toEqual({ start: '2026-10-10', end: '2026-11-09' });
    expect(payPeriod('monthly', '2026-02-28', '2026-01-31')).toEqual({ start: '2026-02-28', end: '2026-03-30' });
    expect(payPeriod('monthly', '2026-01-15', '2026-01-31')).toEqual({ start: '2025-12-31', end: '2026-01-30' });
  });

  it('the last complete period is the one just before the period containing today', () => {
    expect(lastCompletePayPeriod('weekly', '2026-11-23')).toEqual({ start: '2026-11-16', end: '2026-11-22' }); // a Monday
    expect(lastCompletePayPeriod('weekly', '2026-11-22')).toEqual({ start: '2026-11-09', end: '2026-11-15' }); // a Sunday
    expect(lastCompletePayPeriod('semimonthly', '2026-11-16')).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(lastCompletePayPeriod('semimonthly', '2026-11-03')).toEqual({ start: '2026-10-16', end: '2026-10-31' });
    expect(lastCompletePayPeriod('monthly', '2027-01-05')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(lastCompletePayPeriod('biweekly', '2024-01-15')).toEqual({ start: '2024-01-01', end: '2024-01-14' });
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
