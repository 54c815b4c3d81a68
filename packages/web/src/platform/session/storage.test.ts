import { beforeEach, describe, expect, it } from 'vitest';
import { clearStorage, getCode, hasSession, setCode } from './storage';

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores the session code', () => {
    expect(hasSession()).toBe(false);
    setCode('abc');
    expect(getCode()).toBe('abc');
    expect(hasSession()).toBe(true);
  });

  it('clears everything except the device keys', () => {
    setCode('abc');
    localStorage.setItem('f100', '{}');
    localStorage.setItem('pushEnabled', '1');
    localStorage.setItem('loginscreen', '{}');
    localStorage.setItem('themeMode', 'dark');
    clearStorage();
    expect(getCode()).toBe('');
    expect(localStorage.getItem('f100')).toBeNull();
    expect(localStorage.getItem('pushEnabled')).toBe('1');
    expect(localStorage.getItem('loginscreen')).toBe('{}');
    expect(localStorage.getItem('themeMode')).toBe('dark');
  });
});
