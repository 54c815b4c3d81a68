import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-opt-in';

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
  });

  it('round-trips a 65-byte VAPID key', () => {
    const bytes = Array.from({ length: 65 }, (_value, index) => (index * 37) % 256);
    const encoded = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...base64UrlToBytes(encoded)]).toEqual(bytes);
  });
});
