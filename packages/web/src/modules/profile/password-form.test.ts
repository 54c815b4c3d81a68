import { inputMessages } from '@hortus/contract';
import { describe, expect, it } from 'vitest';
import { canSavePassword, passwordFormErrors, repeatMismatch } from './password-form';

describe('own password form', () => {
  it('requires all three fields', () => {
    expect(passwordFormErrors({ oldPassword: '', newPassword: '', repeat: '' })).toEqual({
      oldPassword: 'Bitte angeben.',
      newPassword: 'Bitte angeben.',
      repeat: 'Bitte angeben.',
    });
  });

  it('asks at least 8 characters of the new password only', () => {
    const errors = passwordFormErrors({ oldPassword: 'kurz', newPassword: 'kurz', repeat: 'kurz' });
    expect(errors).toEqual({ oldPassword: null, newPassword: 'Mindestens 8 Zeichen angeben', repeat: null });
  });

  it('rejects control characters', () => {
    expect(passwordFormErrors({ oldPassword: 'a\u0007b', newPassword: 'x', repeat: 'y' }).oldPassword).toBe(
      'Enthält unerlaubte Zeichen',
    );
  });

  it('offers saving only when valid and both new passwords match', () => {
    expect(canSavePassword({ oldPassword: 'alt', newPassword: 'Neu#Passwort1', repeat: 'Neu#Passwort1' })).toBe(true);
    expect(canSavePassword({ oldPassword: 'alt', newPassword: 'Neu#Passwort1', repeat: 'Neu#Passwort2' })).toBe(false);
    expect(canSavePassword({ oldPassword: '', newPassword: 'Neu#Passwort1', repeat: 'Neu#Passwort1' })).toBe(false);
    expect(canSavePassword({ oldPassword: 'alt', newPassword: 'kurz', repeat: 'kurz' })).toBe(false);
  });

  it('refuses the most common passwords and the own user name as the new password', () => {
    const common = passwordFormErrors({ oldPassword: 'alt', newPassword: 'Passwort123', repeat: 'Passwort123' });
    expect(common.newPassword).toBe(inputMessages.commonPassword);
    const own = passwordFormErrors({ oldPassword: 'alt', newPassword: 'Anna.Lang', repeat: 'Anna.Lang' }, 'anna.lang');
    expect(own.newPassword).toBe(inputMessages.passwordIsUserName);
    expect(canSavePassword({ oldPassword: 'alt', newPassword: 'Anna.Lang', repeat: 'Anna.Lang' }, 'anna.lang')).toBe(
      false,
    );
  });

  it('tells when the repeat differs', () => {
    expect(repeatMismatch({ oldPassword: '', newPassword: 'abcdefgh', repeat: 'abcdefgx' })).toBe(
      'Die Passwörter stimmen nicht überein.',
    );
    expect(repeatMismatch({ oldPassword: '', newPassword: 'abcdefgh', repeat: '' })).toBeNull();
  });
});
