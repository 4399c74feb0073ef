import { describe, expect, it } from 'vitest';
import { checkProfilePhoto, checkProfileUpdate, profileUpdateOutcome } from '../src/profile-rules.js';

describe('profile photo', () => {
  it('refuses a file that is not an image', () => {
    expect(checkProfilePhoto({ type: 'application/pdf', size: 100 })).toEqual({
      title: 'Invalid File Type',
      text: 'Please select an image file (JPEG, PNG, etc.)',
    });
  });
  it('refuses an image over 5 MB and accepts 5 MB exactly', () => {
    expect(checkProfilePhoto({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File Too Large',
      text: 'Please select an image smaller than 5MB',
    });
    expect(checkProfilePhoto({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
  });
});

describe('profile update', () => {
  const initial = { name: 'Marcus', phone_no: '555-0100', booking_url: '' };
  it('says No Changes when nothing changed and no photo was chosen', () => {
    expect(checkProfileUpdate(initial, { ...initial }, false)).toEqual({ title: 'No Changes', text: 'No changes were made to update' });
  });
  it('does not count spaces around a value as a change', () => {
    expect(checkProfileUpdate(initial, { ...initial, name: ' Marcus ' }, false)?.title).toBe('No Changes');
  });
  it('counts a new photo as a change', () => {
    expect(checkProfileUpdate(initial, { ...initial }, true)).toBeNull();
  });
  it('requires a name, then a phone number', () => {
    expect(checkProfileUpdate(initial, { ...initial, name: '  ' }, false)).toEqual({ title: 'Validation Error', text: 'Please enter a name' });
    expect(checkProfileUpdate(initial, { ...initial, phone_no: '' }, false)).toEqual({
      title: 'Validation Error',
      text: 'Please enter a phone number',
    });
  });
  it('does not require the booking URL', () => {
    expect(checkProfileUpdate({ ...initial, booking_url: 'http://x.test' }, initial, false)).toBeNull();
  });
});

describe('profile update outcome', () => {
  it('is Success! on status 1', () => {
    expect(profileUpdateOutcome({ body: { status: 1, response: 'whatever' } })).toEqual({
      ok: true,
      notice: { title: 'Success!', text: 'Profile updated successfully' },
    });
  });
  it('is Update Failed with the server text, else the default', () => {
    expect(profileUpdateOutcome({ body: { status: 0, response: 'Please enter a valid phone number.' } }).notice).toEqual({
      title: 'Update Failed',
      text: 'Please enter a valid phone number.',
    });
    expect(profileUpdateOutcome({ body: {} }).notice).toEqual({ title: 'Update Failed', text: 'Failed to update profile' });
  });
  it('is Error when the request threw', () => {
    expect(profileUpdateOutcome(undefined, new TypeError('Failed to fetch')).notice).toEqual({
      title: 'Error',
      text: 'An error occurred while updating profile',
    });
  });
});
