import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme, DARK_SURFACE } from './create-app-theme';

const surfaces = (mode: 'light' | 'dark') => {
  const theme = createAppTheme('#2e7d32', mode);
  return { theme, backgrounds: [theme.palette.background.default, theme.palette.background.paper] };
};

describe('createAppTheme', () => {
  it('the dark theme lightens a dark organisation colour until text buttons reach 4.5:1 (issue 47: the demo green had 3.6:1)', () => {
    const { theme, backgrounds } = surfaces('dark');
    for (const background of [...backgrounds, DARK_SURFACE]) {
      expect(getContrastRatio(theme.palette.primary.main, background)).toBeGreaterThanOrEqual(4.5);
    }
    // A contained button's text on the lightened colour stays readable too.
    expect(getContrastRatio(theme.palette.primary.contrastText, theme.palette.primary.main)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('the light theme keeps the organisation colour, and a light colour on dark stays as it is', () => {
    expect(surfaces('light').theme.palette.primary.main).toBe('#2e7d32');
    expect(createAppTheme('#90caf9', 'dark').palette.primary.main).toBe('#90caf9');
  });
});
