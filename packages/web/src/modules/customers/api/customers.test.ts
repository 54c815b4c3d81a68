import { describe, expect, it } from 'vitest';
import { customerQueryOptions, keepOffline } from './customers';

describe('dataOffline', () => {
  it('keeps the module data on the device only while dataOffline is on', () => {
    expect(keepOffline({ settings: { dataOffline: true } })).toBe(true);
    expect(keepOffline({ settings: { dataOffline: false } })).toBe(false);
    expect(keepOffline(undefined)).toBe(false);
    expect(customerQueryOptions().meta?.keepOnDevice).toBe(keepOffline);
  });
});
