import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import type { MenuLink } from '@hortus/contract';
import { MenuIcon } from '../icons/menu-icon';
import { menuEntryName, useMenuBadges } from './menu-badges';

/** Quick-navigation links in the top bar. */
export function QuickNav({ links, activeModule }: { links: readonly MenuLink[]; activeModule: string }) {
  const badges = useMenuBadges();
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-label="Schnellnavigation" sx={{ display: 'flex', gap: 0.5, ml: 2, overflow: 'hidden' }}>
      {links.map((link) => {
        const active = link.id === activeModule;
        const badge = badges.get(link.id);
        return (
          <Button
            key={link.id}
            component={RouterLink}
            to={link.link}
            color="inherit"
            startIcon={
              <Badge badgeContent={badge?.count ?? 0} color="error" max={99}>
                <MenuIcon name={link.icon} fontSize="small" />
              </Badge>
            }
            aria-current={active ? 'page' : undefined}
            aria-label={badge ? menuEntryName(link.titel, badge) : undefined}
            sx={{
              whiteSpace: 'nowrap',
              borderBottom: 2,
              borderColor: active ? 'currentColor' : 'transparent',
              borderRadius: 0,
            }}
          >
            {link.titel}
          </Button>
        );
      })}
    </Box>
  );
}
