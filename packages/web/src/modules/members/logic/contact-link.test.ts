import { describe, expect, it } from 'vitest';
import { parameterType } from '@hortus/contract';
import { contactHref } from './contact-link';

describe('contactHref', () => {
  it('makes tel: links of phone numbers, digits and a leading plus only', () => {
    expect(contactHref(parameterType.phone, '(0351) 123456')).toBe('tel:0351123456');
    expect(contactHref(parameterType.phone, '+49 351/123-45')).toBe('tel:+4935112345');
    expect(contactHref(parameterType.phone, '')).toBeNull();
    expect(contactHref(parameterType.phone, '--')).toBeNull();
  });

  it('makes mailto: links of plain e-mail addresses only', () => {
    expect(contactHref(parameterType.email, 'anna@schule.de')).toBe('mailto:anna@schule.de');
    expect(contactHref(parameterType.email, 'anna@schule.de?bcc=x@y.de')).toBeNull();
    expect(contactHref(parameterType.email, 'javascript:alert(1)')).toBeNull();
    expect(contactHref(parameterType.email, '')).toBeNull();
  });

  it('links no other type', () => {
    expect(contactHref(parameterType.text, 'anna@schule.de')).toBeNull();
    expect(contactHref(parameterType.url, '0351 123456')).toBeNull();
  });
});
