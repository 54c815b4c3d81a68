import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { messages, tabPath, type ModuleDefinition, type ModuleTab, type Right } from '@hortus/contract';
import { ErrorBoundary } from '../error/error-boundary';
import { pageTitle } from '../navigation/page-title';
import { ModuleTabBar } from './module-tab-bar';
import { resolveTab } from './tab-rules';
import { isChosenInTabBar, useStartTabOf, useWithheldTabs } from './withheld-tabs';

/** The app bar (56 px on phones, 64 px from sm) and the top tab bar (48 px); the page's other bars only add. */
const reservedHeight = {
  minHeight: { xs: 'calc(100dvh - 56px - 48px)', sm: 'calc(100dvh - 64px - 48px)' },
} as const;

export interface ModulePageProps {
  definition: ModuleDefinition;
  tabCode: string;
  search: string;
  rights: readonly Right[];
  appTitle: string;
  renderTab(tab: ModuleTab): ReactNode;
}

/**
 * A module page with the tab rules: allowed tabs only, tab bars (top and bottom) from two tabs, redirect,
 * 'Zugriff verweigert'; a progress bar while any data loads, so every reload of the module's data (on
 * entry and on each route change, school.md 2.1) shows one, not only the first.
 */
export function ModulePage({ definition, tabCode, search, rights, appTitle, renderTab }: ModulePageProps) {
  const withheld = useWithheldTabs(definition.code);
  const resolution = resolveTab(definition, tabCode, rights, search, withheld);
  const start = useStartTabOf(definition.code);
  const chosen = isChosenInTabBar(useLocation().state);
  const isLoading = useIsFetching() > 0;
  // Without a tab bar the tab's label is nowhere to be seen, so the page is named after the module
  // (App-Einstellungen, whose only tab the specification calls 'Anwesenheit').
  const label =
    resolution.kind === 'show' ? (resolution.showTabBar ? resolution.current.label : definition.title) : undefined;

  useEffect(() => {
    document.title = pageTitle(appTitle, label);
  }, [appTitle, label]);

  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  // Entering the module at its bare address opens the tab the module names for this user (useStartTab).
  if (resolution.kind === 'show' && tabCode === '' && start !== null && !chosen) {
    if (resolution.tabs.some((tab) => tab.code === start)) {
      return <Navigate to={tabPath(definition.code, start) + search} replace />;
    }
  }
  if (resolution.kind === 'denied') {
    return (
      <Box sx={{ p: 3 }}>
        <Typography data-testid="access-denied">{messages.accessDenied}</Typography>
      </Box>
    );
  }
  const tabBar = (placement: 'top' | 'bottom') =>
    resolution.showTabBar && (
      <ModuleTabBar
        moduleCode={definition.code}
        moduleTitle={definition.title}
        tabs={resolution.tabs}
        current={resolution.current}
        placement={placement}
      />
    );
  return (
    <>
      {tabBar('top')}
      {/* The bar's room is kept, so the page does not jump when a reload starts or ends. */}
      <Box sx={{ height: 4 }}>
        {isLoading && <LinearProgress aria-label="Daten werden geladen" data-testid="module-loading" />}
      </Box>
      {/* A tab whose code cannot be fetched (offline before the service worker has precached it) fails
          alone: menu, offline banner and the other tabs stay. */}
      {/* With a bottom tab bar the page holds at least the screen's height below the top bar, so the bottom
          bar starts below the fold and does not move in sight when the tab's content replaces its loading
          state (issue 47: CLS 0.093 on a phone, all of it this bar). */}
      <Box sx={resolution.showTabBar ? reservedHeight : undefined} data-testid="module-content">
        <ErrorBoundary key={resolution.current.code} inPage>
          <Suspense fallback={<LinearProgress aria-label="Wird geladen…" />}>{renderTab(resolution.current)}</Suspense>
        </ErrorBoundary>
      </Box>
      {tabBar('bottom')}
    </>
  );
}
