import { deDE } from '@mui/material/locale';
import { createTheme, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import type { ThemeMode } from './theme-stores';

const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** The focus ring's colour: the primary colour, lightened on the dark theme's background. */
function focusRing(primary: string, mode: ThemeMode): string {
  return mode === 'dark' ? `color-mix(in srgb, ${primary} 55%, white)` : primary;
}

/** The lightest surface text buttons stand on in the dark theme: a dialog's paper (elevation 24). */
export const DARK_SURFACE = '#383838';

/**
 * The primary colour as text on the dark theme: the organisation's colour lightened just enough to reach
 * WCAG AA's 4.5:1 on the lightest dark surface (issue 47: the demo's green text buttons had 3.6:1 on the
 * page and less in dialogs). The light theme keeps the colour as it is.
 */
export function readablePrimary(primary: string, mode: ThemeMode): string {
  if (mode === 'light') return primary;
  for (let step = 0; step <= 20; step += 1) {
    const candidate = step === 0 ? primary : lighten(primary, step / 20);
    if (getContrastRatio(candidate, DARK_SURFACE) >= 4.5) return candidate;
  }
  return '#ffffff';
}

export function createAppTheme(primary: string, mode: ThemeMode): Theme {
  // MUI's German texts (Autocomplete 'Öffnen'/'Schließen'/'Leeren' instead of 'Open'/'Close'/'Clear', …).
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: readablePrimary(primary, mode) },
        // MUI's light warning (#ed6c02, 3.1:1 on white) and info (#0288d1, 3.9:1) fail WCAG 2.1 AA's 4.5:1 for
        // text and for white text on filled chips and buttons; these darker shades pass (5.2:1, 4.8:1).
        ...(mode === 'light' ? { warning: { main: '#c2410c' }, info: { main: '#0277bd' } } : {}),
      },
      typography: { fontFamily: systemFont },
      // Who asks the system for less motion gets dialogs, ripples and progress without animation (WCAG 2.3.3).
      motion: { reducedMotion: 'system' },
      components: {
        // A visible focus ring for keyboard users (WCAG 2.4.7): MUI marks keyboard focus on buttons, tabs,
        // checkboxes and menu items (.Mui-focusVisible) only with a light shade; rows and links opened by
        // keyboard (tabindex) get the same ring. Fields keep their own focused outline.
        MuiButtonBase: {
          styleOverrides: {
            root: { '&.Mui-focusVisible': { outline: `2px solid ${focusRing(primary, mode)}`, outlineOffset: 2 } },
          },
        },
        MuiCssBaseline: {
          styleOverrides: {
            // Specific enough to win over components' own `outline: 0` (MUI's table rows).
            'a:focus-visible, [tabindex]:not(input, textarea, [tabindex="-1"]):focus-visible': {
              outline: `2px solid ${focusRing(primary, mode)}`,
              outlineOffset: 2,
            },
          },
        },
      },
    },
    deDE,
  );
}
