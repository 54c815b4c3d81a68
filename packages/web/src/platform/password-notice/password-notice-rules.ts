import { hasRight, type SessionUser } from '@hortus/contract';

/** The notice appears 1 s after login and lasts 100 s (core.md section 9). */
export const PASSWORD_NOTICE_DELAY_MS = 1_000;
export const PASSWORD_NOTICE_DURATION_MS = 100_000;

/** The account right that the password change needs. */
export const ACCOUNT_RIGHT = 'x|010';

/** A group with forcePwReset asks for a new password while the start password is set (and x|010 is held). */
export function passwordNoticeDue(user: Pick<SessionUser, 'forcePwReset' | 'rechte'>): boolean {
  return user.forcePwReset && hasRight(user.rechte, ACCOUNT_RIGHT);
}
