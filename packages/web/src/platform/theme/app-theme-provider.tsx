import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider also brings its CSS-variables provider (color-scheme storage, the init script):
// ≈ 5 KB gzip on the login route that this app, whose themes have no CSS variables, never uses.
import { ThemeProvider } from '@mui/system';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createAppTheme } from './create-app-theme';
import { createEmotionCache } from './emotion-cache';
import { primaryColorStore, themeModeStore } from './theme-stores';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [emotionCache] = useState(createEmotionCache);
  const primary = primaryColorStore.useValue();
  const chosenMode = themeModeStore.useValue();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const mode = chosenMode ?? (prefersDark ? 'dark' : 'light');
  const theme = useMemo(() => createAppTheme(primary, mode), [primary, mode]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  }, [primary]);

  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
