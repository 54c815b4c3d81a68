import { describe, expect, it } from 'vitest';
import { passwordNoticeDue } from './password-notice-rules';

describe('passwordNoticeDue', () => {
  it('needs forcePwReset and the account right', () => {
    expect(passwordNoticeDue({ forcePwReset: true, rechte: ['x|010', 'x|020'] })).toBe(true);
    expect(passwordNoticeDue({ forcePwReset: true, rechte: ['x|020'] })).toBe(false);
    expect(passwordNoticeDue({ forcePwReset: false, rechte: ['x|010'] })).toBe(false);
  });
});
