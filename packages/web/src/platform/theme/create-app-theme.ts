import { deDE } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
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

export function createAppTheme(primary: string, mode: ThemeMode): Theme {
  // MUI's German texts (Autocomplete 'Öffnen'/'Schließen'/'Leeren' instead of 'Open'/'Close'/'Clear', …).
  return createTheme(
    {
      palette: { mode, primary: { main: primary } },
      typography: { fontFamily: systemFont },
    },
    deDE,
  );
}
