import { describe, expect, it } from 'vitest';
import { roleColor } from './brand';
import { needsUpgrade } from './upgrade';
import { avatarLetter, displayName } from './user-display';

describe('top bar avatar and name', () => {
  it('uses the first letter of the name, else of the email, else U', () => {
    expect(avatarLetter({ name: 'darnell Owens', email: 'a@b.c' })).toBe('D');
    expect(avatarLetter({ name: '', email: 'admin@chairline.test' })).toBe('A');
    expect(avatarLetter({ name: '  ', email: '' })).toBe('U');
    expect(avatarLetter({})).toBe('U');
  });
  it('shows the name, else the email, else User', () => {
    expect(displayName({ name: 'Darnell Owens', email: 'a@b.c' })).toBe('Darnell Owens');
    expect(displayName({ name: '', email: 'admin@chairline.test' })).toBe('admin@chairline.test');
    expect(displayName({})).toBe('User');
  });
});

describe('floating Upgrade Plan button', () => {
  it('shows on the BASIC PLAN once the trial is over', () => {
    expect(needsUpgrade({ plan_name: 'BASIC PLAN', trial_days_remaining: 0 })).toBe(true);
    expect(needsUpgrade({ plan_name: 'BASIC PLAN', trial_days_remaining: -3 })).toBe(true);
  });
  it('hides during the trial and on paid plans', () => {
    expect(needsUpgrade({ plan_name: 'BASIC PLAN', trial_days_remaining: 1 })).toBe(false);
    expect(needsUpgrade({ plan_name: 'PRO PLAN', trial_days_remaining: 0 })).toBe(false);
  });
});

describe('role badge colours', () => {
  it('is purple for managers, red for admins and the brand colour otherwise', () => {
    expect(roleColor('manager')).toBe('#7c3aed');
    expect(roleColor('admin')).toBe('#dc2626');
    expect(roleColor('employee')).toBe('#0f766e');
    expect(roleColor('barber')).toBe('#0f766e');
  });
});
