import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { quickNavSlots } from './quick-nav-split';

/** Number of quick-navigation links the top bar has room for at the current page width. */
export function useQuickNavSlots(): number {
  const theme = useTheme();
  const xl = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  const lg = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const md = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const sm = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  if (xl) return quickNavSlots.xl;
  if (lg) return quickNavSlots.lg;
  if (md) return quickNavSlots.md;
  if (sm) return quickNavSlots.sm;
  return quickNavSlots.xs;
}
