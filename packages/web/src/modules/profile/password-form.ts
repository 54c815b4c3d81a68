import { check, profileMessages } from '@hortus/contract';

/** The own password form (core.md section 5, "Own password form"). */
export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

export type PasswordField = keyof PasswordForm;

export const emptyPasswordForm: PasswordForm = { oldPassword: '', newPassword: '', repeat: '' };

export type PasswordFormErrors = Record<PasswordField, string | null>;

/** All three fields required with the password rule; the new one also minPW. */
export function passwordFormErrors(form: PasswordForm): PasswordFormErrors {
  return {
    oldPassword: check(form.oldPassword, ['required', 'password']),
    newPassword: check(form.newPassword, ['required', 'minPW', 'password']),
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
export function canSavePassword(form: PasswordForm): boolean {
  const errors = passwordFormErrors(form);
  return (
    errors.oldPassword === null &&
    errors.newPassword === null &&
    errors.repeat === null &&
    form.newPassword === form.repeat
  );
}
