import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIconSvg from '@mui/icons-material/Menu';
import type { MenuLink } from '@hortus/contract';
import { OfflineBanner } from '../offline/offline-banner';
import { MenuBadgesProvider, useMenuBadges } from './menu-badges';
import { MenuDrawer } from './menu-drawer';
import { QuickNav } from './quick-nav';
import { splitMenuLinks } from './quick-nav-split';
import { useQuickNavSlots } from './use-quick-nav-slots';
import { LegalLinks } from '../legal/legal-links';

export interface MainLayoutProps {
  appTitle: string;
  userIdent: string;
  links: readonly MenuLink[];
  activeModule: string;
  /** The module's offline banner text where its specification words it (ModuleDefinition.offlineBanner). */
  offlineText?: string;
  onLogout(): void;
  children: ReactNode;
}

/** The logged-in frame: top bar with quick navigation, side drawer, offline banner, page content. */
export function MainLayout(props: MainLayoutProps) {
  return (
    <MenuBadgesProvider links={props.links}>
      <Frame {...props} />
    </MenuBadgesProvider>
  );
}

function Frame({ appTitle, userIdent, links, activeModule, offlineText, onLogout, children }: MainLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const slots = useQuickNavSlots();
  const { quick, drawer } = splitMenuLinks(links, slots);
  const badges = useMenuBadges();
  // A dot on the menu button while an entry inside the drawer counts something (the entry itself names it).
  const drawerCounts = drawer.some((link) => badges.has(link.id));

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky">
        <Toolbar>
          <IconButton
            edge="start"
            color="inherit"
            aria-label="Menü öffnen"
            aria-haspopup="true"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            sx={{ mr: 1 }}
          >
            <Badge variant="dot" color="error" invisible={!drawerCounts}>
              <MenuIconSvg />
            </Badge>
          </IconButton>
          <Typography variant="h6" component="p" noWrap sx={{ flexShrink: 0 }}>
            {appTitle}
          </Typography>
          <QuickNav links={quick} activeModule={activeModule} />
        </Toolbar>
      </AppBar>
      <MenuDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        appTitle={appTitle}
        userIdent={userIdent}
        links={drawer}
        activeModule={activeModule}
        onLogout={() => {
          setDrawerOpen(false);
          onLogout();
        }}
      />
      <OfflineBanner text={offlineText} />
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <Box component="footer" sx={{ color: 'text.secondary', typography: 'body2' }}>
        <LegalLinks label="Rechtliches" />
      </Box>
    </Box>
  );
}
