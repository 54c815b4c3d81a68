import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { useFlushOfflineChanges } from '../api/offline-sync';
import { WithHydrants } from './hydrant-data';

/** Leaflet, its CSS and the clustering load only with the map, not with the other tabs. */
const HydrantMap = lazy(() => import('../components/hydrant-map'));

/** /310 Karte. */
export function MapPage() {
  useDismissibleOfflineBanner();
  useFlushOfflineChanges();
  return (
    <WithHydrants>
      {(data) => (
        <Suspense fallback={<LinearProgress aria-label="Karte wird geladen…" />}>
          <HydrantMap data={data} />
        </Suspense>
      )}
    </WithHydrants>
  );
}
