import { check, passwordNameError } from '@hortus/contract';
import { profileMessages } from '@hortus/contract/modules/profile';

/** The own password form (core.md section 5, "Own password form"). */
export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

export type PasswordField = keyof PasswordForm;

export const emptyPasswordForm: PasswordForm = { oldPassword: '', newPassword: '', repeat: '' };

export type PasswordFormErrors = Record<PasswordField, string | null>;

/**
 * All three fields required with the password rule; the new one also minPW, not one of the most
 * common passwords and not the user's own name.
 */
export function passwordFormErrors(form: PasswordForm, userName = ''): PasswordFormErrors {
  return {
    oldPassword: check(form.oldPassword, ['required', 'password']),
    newPassword:
      check(form.newPassword, ['required', 'minPW', 'commonPW', 'password']) ??
      passwordNameError(form.newPassword, userName),
    repeat: check(form.repeat, ['required', 'password']),
  };
}

/** The message under the repeat field once both new passwords are entered and differ. */
export function repeatMismatch(form: PasswordForm): string | null {
  return form.repeat !== '' && form.newPassword !== '' && form.repeat !== form.newPassword
    ? profileMessages.passwordsDiffer
    : null;
}

/** The save button appears only when the form is valid and both new passwords are equal. */
export function canSavePassword(form: PasswordForm, userName = ''): boolean {
  const errors = passwordFormErrors(form, userName);
  return (
    errors.oldPassword === null &&
    errors.newPassword === null &&
    errors.repeat === null &&
    form.newPassword === form.repeat
  );
}
