import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { useTheme } from '@mui/material/styles';
import { messages, publicPages, type MenuLink } from '@hortus/contract';
import { MenuIcon } from '../icons/menu-icon';
import { chooseThemeMode } from '../theme/theme-stores';
import { menuEntryName, useMenuBadges } from './menu-badges';

export interface MenuDrawerProps {
  open: boolean;
  onClose(): void;
  appTitle: string;
  userIdent: string;
  links: readonly MenuLink[];
  activeModule: string;
  onLogout(): void;
}

export function MenuDrawer({ open, onClose, appTitle, userIdent, links, activeModule, onLogout }: MenuDrawerProps) {
  const theme = useTheme();
  const isDark = theme.palette.mode === 'dark';
  const badges = useMenuBadges();
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box sx={{ px: 2, py: 2 }}>
        <Typography variant="h6" component="p">
          {appTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="user-ident">
          {userIdent}
        </Typography>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Hauptmenü">
        <List>
          {links.map((link) => {
            const badge = badges.get(link.id);
            return (
              <ListItemButton
                key={link.id}
                component={RouterLink}
                to={link.link}
                selected={link.id === activeModule}
                onClick={onClose}
                aria-label={badge ? menuEntryName(link.titel, badge) : undefined}
              >
                <ListItemIcon>
                  <Badge badgeContent={badge?.count ?? 0} color="error" max={99}>
                    <MenuIcon name={link.icon} />
                  </Badge>
                </ListItemIcon>
                <ListItemText primary={link.titel} />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
      <Divider />
      <List>
        <ListItemButton onClick={() => chooseThemeMode(isDark ? 'light' : 'dark')}>
          <ListItemIcon>{isDark ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
          <ListItemText primary={isDark ? 'Helles Design' : 'Dunkles Design'} />
        </ListItemButton>
        {Object.values(publicPages).map((page) => (
          <ListItemButton key={page.path} component="a" href={page.path}>
            <ListItemIcon>
              {page.path === publicPages.datenschutz.path ? <PrivacyTipIcon /> : <AccessibilityNewIcon />}
            </ListItemIcon>
            <ListItemText primary={page.label} />
          </ListItemButton>
        ))}
        <ListItemButton onClick={onLogout}>
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={messages.logout} />
        </ListItemButton>
      </List>
    </Drawer>
  );
}
