import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { storageKeys } from '../session/storage';
import { createEmotionCache, formatStoredStyles, maxStoredCss, parseStoredStyles } from './emotion-cache';

const insertedCss = () =>
  [...document.querySelectorAll('style[data-emotion]')].map((style) => style.textContent ?? '').join('\n');

describe('emotion cache', () => {
  afterEach(() => {
    cleanup();
    document.querySelectorAll('style[data-emotion]').forEach((style) => style.remove());
    localStorage.clear();
  });

  it('prefixes user-select, backdrop-filter and text-size-adjust for WebKit and leaves the rest as written', () => {
    render(
      <CacheProvider value={createEmotionCache()}>
        <Box
          sx={{
            userSelect: 'none',
            backdropFilter: 'blur(2px)',
            textSizeAdjust: '100%',
            display: 'flex',
            transition: 'opacity 1s',
          }}
        >
          x
        </Box>
      </CacheProvider>,
    );
    const css = insertedCss();
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(2px);backdrop-filter:blur(2px);');
    expect(css).toContain('-webkit-text-size-adjust:100%;text-size-adjust:100%;');
    expect(css).toContain('display:flex;');
    expect(css).toContain('transition:opacity 1s;');
    expect(css).not.toMatch(/-(ms|moz)-|-webkit-(box|flex|transition)/);
  });

  it('stores the styles it inserted when the page is left, and the next start adopts them without inserting them again', () => {
    const page = (cache: ReturnType<typeof createEmotionCache>) => (
      <CacheProvider value={cache}>
        <Box sx={{ display: 'grid', gap: '7px' }}>x</Box>
      </CacheProvider>
    );
    const first = createEmotionCache('build A');
    render(page(first));
    const [name] = Object.keys(first.inserted);
    expect(name).toBeDefined();
    window.dispatchEvent(new Event('pagehide'));
    const stored = parseStoredStyles(localStorage.getItem(storageKeys.styleCache), 'build A');
    expect(stored?.names).toEqual([name]);
    expect(stored?.css).toContain('gap:7px;');
    cleanup();
    document.querySelectorAll('style[data-emotion]').forEach((style) => style.remove());

    const second = createEmotionCache('build A');
    const adopted = document.querySelector(`style[data-emotion="css ${name}"]`);
    expect(adopted?.textContent).toContain('gap:7px;');
    expect(second.inserted[name as string]).toBe(true);
    render(page(second));
    // The class was not compiled and inserted again: no other style element holds it.
    expect(insertedCss().match(/gap:7px;/g)).toHaveLength(1);
    expect(document.querySelector('.css-' + name)).not.toBeNull();
  });

  it('ignores styles stored by another build and text that is not a store', () => {
    const text = formatStoredStyles({ names: ['abc'], css: '.css-abc{color:red;}' }, 'build A');
    expect(parseStoredStyles(text, 'build A')).toEqual({ names: ['abc'], css: '.css-abc{color:red;}' });
    expect(parseStoredStyles(text, 'build B')).toBeNull();
    expect(parseStoredStyles('build A', 'build A')).toBeNull();
    expect(parseStoredStyles('build A\n\n.x{}', 'build A')).toBeNull();
    expect(parseStoredStyles(null, 'build A')).toBeNull();
    localStorage.setItem(storageKeys.styleCache, text);
    const cache = createEmotionCache('build B');
    expect(cache.inserted['abc']).toBeUndefined();
    expect(document.querySelector('style[data-emotion~="abc"]')).toBeNull();
  });

  it('empties the store when it would grow beyond its limit, and the next visit records afresh', () => {
    const big = '.x{}'.repeat(maxStoredCss / 4);
    localStorage.setItem(storageKeys.styleCache, formatStoredStyles({ names: ['big'], css: big }, 'build A'));
    const page = (cache: ReturnType<typeof createEmotionCache>) => (
      <CacheProvider value={cache}>
        <Box sx={{ gap: '9px' }}>x</Box>
      </CacheProvider>
    );
    render(page(createEmotionCache('build A')));
    window.dispatchEvent(new Event('pagehide'));
    expect(parseStoredStyles(localStorage.getItem(storageKeys.styleCache), 'build A')).toBeNull();
    cleanup();
    document.querySelectorAll('style[data-emotion]').forEach((style) => style.remove());

    const next = createEmotionCache('build A');
    render(page(next));
    window.dispatchEvent(new Event('pagehide'));
    const stored = parseStoredStyles(localStorage.getItem(storageKeys.styleCache), 'build A');
    expect(stored?.names).toEqual(Object.keys(next.inserted));
    expect(stored?.css).toContain('gap:9px;');
    expect(stored?.css).not.toContain('.x{}');
  });
});
