import { describe, expect, it } from 'vitest';
import { readableTextOn } from './wall-time';

describe('event text colour', () => {
  it('takes whichever of white and black reads better on the category colour', () => {
    expect(readableTextOn('#ff0000')).toBe('#000000');
    expect(readableTextOn('#ffeb3b')).toBe('#000000');
    expect(readableTextOn('#1976d2')).toBe('#ffffff');
    expect(readableTextOn('#2e7d32')).toBe('#ffffff');
    expect(readableTextOn('kein Farbwert')).toBe('#ffffff');
  });
});
