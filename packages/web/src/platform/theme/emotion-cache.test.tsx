import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { createEmotionCache } from './emotion-cache';

const insertedCss = () =>
  [...document.querySelectorAll('style[data-emotion]')].map((style) => style.textContent ?? '').join('\n');

describe('emotion cache', () => {
  afterEach(() => {
    cleanup();
    document.querySelectorAll('style[data-emotion]').forEach((style) => style.remove());
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
});
