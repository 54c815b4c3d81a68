import { describe, expect, it } from 'vitest';
import { backgroundImageCss, DEFAULT_PRIMARY, isHexColor, safeCssColor, safePrimary } from './colors';

describe('colours', () => {
  it('accepts hex colours only for the primary colour', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#A1B2C3')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(safePrimary('#ff0000')).toBe('#ff0000');
    expect(safePrimary('javascript:alert(1)')).toBe(DEFAULT_PRIMARY);
    expect(safePrimary('')).toBe(DEFAULT_PRIMARY);
    expect(safePrimary(undefined)).toBe(DEFAULT_PRIMARY);
  });

  it('accepts simple CSS colours for the login background', () => {
    expect(safeCssColor('#fff')).toBe('#fff');
    expect(safeCssColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(safeCssColor('lightblue')).toBe('lightblue');
    expect(safeCssColor('red; background: url(x)')).toBeUndefined();
  });

  it('quotes safe background image URLs and rejects others', () => {
    expect(backgroundImageCss('/bilder/hort.jpg')).toBe('url("/bilder/hort.jpg")');
    expect(backgroundImageCss('https://example.org/a.png')).toBe('url("https://example.org/a.png")');
    expect(backgroundImageCss('')).toBeUndefined();
    expect(backgroundImageCss('x") ; color: red')).toBeUndefined();
    expect(backgroundImageCss('javascript:alert(1)')).toBeUndefined();
  });
});
