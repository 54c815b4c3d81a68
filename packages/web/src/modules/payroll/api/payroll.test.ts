import { describe, expect, it } from 'vitest';
import { keepOffline, payrollQueryOptions } from './payroll';

describe('dataOffline (business.md 4.4, as 410)', () => {
  it('keeps the module data on the device only while dataOffline is on', () => {
    expect(keepOffline({ settings: { dataOffline: true } })).toBe(true);
    expect(keepOffline({ settings: { dataOffline: false } })).toBe(false);
    expect(keepOffline(undefined)).toBe(false);
    expect(payrollQueryOptions().meta?.keepOnDevice).toBe(keepOffline);
  });
});
