import { startTransition, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardMessages } from '@hortus/contract/modules/dashboard';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { useDashboard } from '../api/dashboard';
import { widgetComponent } from '../../../platform/dashboard-widgets/widget-registry';

/**
 * /000 'Dashboard': the widgets the user sees (of any module, through the platform's widget registry),
 * two columns on desktop when more than one is visible.
 */
export function DashboardPage() {
  const query = useDashboard();
  const data = useDataRenderedInSlices(query.data);
  const widgets = (data?.widgets ?? []).filter((widget) => widgetComponent(widget.id) !== null);
  const shown = useStaggeredCount(widgets.length);
  if (!data) {
    return (
      <PageContainer>
        {query.isError ? (
          // Nothing kept on this device and no network: say so (not 'no messages', which would be untrue).
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="dashboard-load-failed">
            <Typography color="error">{dashboardMessages.loadFailed}</Typography>
            <Button variant="outlined" loading={query.isFetching} onClick={() => void query.refetch()}>
              Erneut versuchen
            </Button>
          </Stack>
        ) : (
          <PageLoading />
        )}
      </PageContainer>
    );
  }
  const twoColumns = widgets.length > 1;
  return (
    <PageContainer>
      <Box
        data-testid="dashboard-widgets"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: twoColumns ? '1fr 1fr' : '1fr' },
          maxWidth: twoColumns ? undefined : 900,
          mx: 'auto',
        }}
      >
        {widgets.length === 0 && <Typography color="text.secondary">{dashboardMessages.noWidgets}</Typography>}
        {widgets.slice(0, shown).map((widget) => {
          const Widget = widgetComponent(widget.id);
          if (!Widget) return null;
          return (
            <Paper key={widget.id} component="section" aria-label={widget.name} sx={{ p: 2, minWidth: 0 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {widget.name}
              </Typography>
              <Suspense fallback={<PageLoading />}>
                <Widget widget={widget} />
              </Suspense>
            </Paper>
          );
        })}
      </Box>
    </PageContainer>
  );
}

/**
 * How many of `total` items to render: one more per task, each in a transition, so the first screen is
 * not one long task of every widget (a phone's main thread stays responsive). Items are only ever added
 * at the end, so nothing already shown moves.
 */
function useStaggeredCount(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
