import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import L from 'leaflet';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { GermanZoomControl } from './german-zoom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import SearchIcon from '@mui/icons-material/Search';
import { hydrantDefaults, hydrantMessages, type Hydrant, type HydrantData } from '@hortus/contract/modules/hydrants';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { saveHydrant, searchAddress, useHydrantCache } from '../api/hydrants';
import { buildIndex, sameIndexInput, visibleItems } from '../logic/clusters';
import { hydrantInputOf } from '../logic/hydrant-form';
import { clusterIcon, hydrantIcon, markerSvg } from './marker-icons';
import { HydrantPopup } from './hydrant-popup';

/** The map's height below the app bar and the tab bar. */
export const MAP_HEIGHT = 'calc(100dvh - 112px)';

type Mode = 'normal' | 'edit' | 'pick';

function numberParam(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The position and zoom the map opens with: the query, the hydrant being moved, the settings, the fallback. */
function startView(data: HydrantData, lat: number | null, lon: number | null, hydrant: Hydrant | undefined) {
  if (lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    return { center: [lat, lon] as [number, number], zoom: hydrantDefaults.zoom };
  }
  if (hydrant)
    return { center: [hydrant.coords_lat, hydrant.coords_lon] as [number, number], zoom: hydrantDefaults.zoom };
  if (data.settings) {
    return {
      center: [data.settings.startpos_lat, data.settings.startpos_lon] as [number, number],
      zoom: data.settings.startpos_zoom,
    };
  }
  const home = hydrantDefaults.home;
  return { center: [home.lat, home.lon] as [number, number], zoom: home.zoom };
}

/** The tile layer of the configured service; none when the server says '' (tests, no internet). */
export function MapTiles({ data }: { data: HydrantData }) {
  if (data.karte.tileUrl === '') return null;
  return (
    <TileLayer
      url={data.karte.tileUrl}
      attribution={data.karte.attribution}
      maxZoom={hydrantDefaults.maxZoom}
      maxNativeZoom={19}
      // CORS answers, so the service worker may keep viewed tiles for offline use (sw.ts).
      crossOrigin=""
    />
  );
}

/** Runs `work` as a User Timing measure (the benchmark in bench/hydrant-map.ts reads them). */
function measured<T>(name: string, work: () => T): T {
  const start = performance.now();
  const result = work();
  performance.measure(name, { start, end: performance.now() });
  return result;
}

/** Hands the Leaflet map to the page (controls outside the map container use it). */
function MapHandle({ onMap }: { onMap(map: L.Map): void }) {
  const map = useMap();
  useEffect(() => onMap(map), [map, onMap]);
  return null;
}

/**
 * Draws only what is visible: clusters and single hydrants of the current view from the supercluster
 * index, as plain Leaflet markers redrawn on every move (no React element per hydrant).
 */
export function ClusterLayer({
  hydrants,
  hiddenId,
  onSelect,
}: {
  hydrants: readonly Hydrant[];
  hiddenId: number;
  onSelect(id: number): void;
}) {
  const map = useMap();
  const built = useRef<{ hydrants: readonly Hydrant[]; index: ReturnType<typeof buildIndex> } | null>(null);
  const index = useMemo(() => {
    if (built.current && sameIndexInput(built.current.hydrants, hydrants)) return built.current.index;
    const next = measured('hydrant-index', () => buildIndex(hydrants));
    built.current = { hydrants, index: next };
    return next;
  }, [hydrants]);
  const byId = useMemo(() => new Map(hydrants.map((hydrant) => [hydrant.id, hydrant])), [hydrants]);
  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      const bounds = map.getBounds();
      const box: [number, number, number, number] = [
        bounds.getWest(),
        bounds.getSouth(),
        bounds.getEast(),
        bounds.getNorth(),
      ];
      layer.clearLayers();
      for (const item of visibleItems(index, box, map.getZoom())) {
        if (item.kind === 'cluster') {
          const marker = L.marker([item.lat, item.lon], {
            icon: clusterIcon(item.count, item.urgent),
            title: `${item.count} Hydranten`,
          });
          marker.on('click', () => {
            const zoom = Math.min(index.getClusterExpansionZoom(item.clusterId), hydrantDefaults.maxZoom);
            map.setView([item.lat, item.lon], zoom);
          });
          layer.addLayer(marker);
          continue;
        }
        const hydrant = byId.get(item.id);
        if (!hydrant || hydrant.id === hiddenId) continue;
        const marker = L.marker([item.lat, item.lon], {
          icon: hydrantIcon(hydrant.status, hydrant.mangel),
          title: `Hydrant ${hydrant.nummer || hydrant.id}`,
        });
        marker.on('click', () => onSelect(hydrant.id));
        layer.addLayer(marker);
      }
    };
    measured('hydrant-draw', draw);
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index, byId, hiddenId, onSelect]);
  return null;
}

function PopupCloser({ onClose }: { onClose(): void }) {
  useMapEvents({ popupclose: onClose });
  return null;
}

/** Cross hairs in the map's centre: where 'Übernehmen' puts the hydrant. */
function CentreMark({ hydrant }: { hydrant: Hydrant | undefined }) {
  const svg = markerSvg(hydrant?.status ?? hydrantDefaults.status, hydrant?.mangel ?? []);
  return (
    <Box aria-hidden sx={{ position: 'absolute', left: '50%', top: '50%', zIndex: 1000, pointerEvents: 'none' }}>
      <Box sx={{ position: 'absolute', left: -20, top: 0, width: 40, height: '1px', bgcolor: 'error.main' }} />
      <Box sx={{ position: 'absolute', left: 0, top: -20, width: '1px', height: 40, bgcolor: 'error.main' }} />
      <Box
        data-testid="map-centre"
        sx={{ position: 'absolute', left: -10, top: -20, width: 20, height: 20, opacity: 0.9 }}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </Box>
  );
}

function Overlay({ children, position }: { children: ReactNode; position: 'top' | 'bottom' }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        left: 56,
        right: 8,
        zIndex: 1000,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
        ...(position === 'top' ? { top: 8 } : { bottom: 24 }),
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {children}
    </Box>
  );
}

function AddressSearch({ map }: { map: L.Map | null }) {
  const alert = useAlert();
  const [query, setQuery] = useState('');
  const submit = async () => {
    if (!map || query.trim() === '') return;
    try {
      const found = await searchAddress(query);
      map.setView([found.lat, found.lon], hydrantDefaults.zoom);
    } catch (error) {
      alert.error(saveErrorMessage(error, hydrantMessages.geocodingFailed));
    }
  };
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', alignItems: 'center', px: 1, width: 360, maxWidth: '100%' }}
    >
      <TextField
        variant="standard"
        placeholder="Adresse suchen"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Adresse suchen', maxLength: 200 } }}
        sx={{ flex: 1 }}
      />
      <IconButton type="submit" aria-label="Suchen">
        <SearchIcon />
      </IconButton>
    </Paper>
  );
}

/** Locates the device (business.md 8: not supported / not enabled). */
function useLocate(map: L.Map | null) {
  const alert = useAlert();
  return () => {
    if (!map) return;
    if (!('geolocation' in navigator)) {
      alert.error(hydrantMessages.locationUnsupported);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => map.setView([position.coords.latitude, position.coords.longitude], hydrantDefaults.zoom),
      () => alert.error(hydrantMessages.locationDisabled),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
}

/**
 * /310: the register on the map. Modes (business.md 4.1): normal; edit (?h=id: move the hydrant to the
 * map centre with 'Übernehmen' or leave with 'Abbrechen'); position picking (?setLocation=1, optional
 * h, lat, lon: the centre becomes the position of the edit form).
 */
export default function HydrantMap({ data }: { data: HydrantData }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const saveAction = useSaveAction();
  const cache = useHydrantCache();
  const [map, setMap] = useState<L.Map | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const locate = useLocate(map);

  const h = numberParam(params.get('h')) ?? 0;
  const mode: Mode = params.get('setLocation') === '1' ? 'pick' : h > 0 ? 'edit' : 'normal';
  const moving = data.hydranten.find((hydrant) => hydrant.id === h);
  const lat = numberParam(params.get('lat'));
  const lon = numberParam(params.get('lon'));
  // The view is read once per mode change; moving the map never changes the address.
  const [view] = useState(() => startView(data, lat, lon, moving));
  useEffect(() => {
    if (!map) return;
    const next = startView(data, lat, lon, moving);
    if (mode !== 'normal' || lat !== null) map.setView(next.center, next.zoom);
    // Only on a change of mode or target, not on every data update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, mode, h, lat, lon]);

  useEffect(() => {
    if (mode === 'edit' && !moving) alert.error(hydrantMessages.unknownHydrant);
  }, [mode, moving, alert]);

  const select = useCallback((id: number) => setSelected(id), []);
  const closePopup = useCallback(() => setSelected(null), []);
  const selectedHydrant = data.hydranten.find((hydrant) => hydrant.id === selected);

  const adopt = async () => {
    if (!map) return;
    const centre = map.getCenter();
    if (mode === 'pick') {
      const query = new URLSearchParams({
        h: String(h),
        lat: centre.lat.toFixed(7),
        lon: centre.lng.toFixed(7),
        t: '0',
      });
      void navigate(`/310-030?${query.toString()}`);
      return;
    }
    if (!moving) return;
    const saved = await saveAction(
      () => saveHydrant({ ...hydrantInputOf(moving), coords_lat: centre.lat, coords_lon: centre.lng }),
      { success: hydrantMessages.saved, failure: hydrantMessages.saveFailed },
    );
    if (saved) {
      cache.put(saved.hydrant, saved.strasse);
      setParams({}, { replace: true });
    }
  };
  const cancel = () => {
    if (mode === 'pick' && h > 0) void navigate(`/310-030?h=${h}`);
    else setParams({});
  };
  const startAdding = () => {
    const centre = map?.getCenter();
    const query = new URLSearchParams({ setLocation: '1' });
    if (centre) {
      query.set('lat', centre.lat.toFixed(7));
      query.set('lon', centre.lng.toFixed(7));
    }
    setParams(query);
  };

  return (
    <Box sx={{ position: 'relative', height: MAP_HEIGHT, minHeight: 320 }}>
      <MapContainer
        center={view.center}
        zoom={view.zoom}
        zoomSnap={hydrantDefaults.zoomSnap}
        zoomDelta={hydrantDefaults.zoomSnap}
        maxZoom={hydrantDefaults.maxZoom}
        zoomControl={false}
        style={{ height: '100%', width: '100%' }}
      >
        <GermanZoomControl />
        <MapTiles data={data} />
        <MapHandle onMap={setMap} />
        <ClusterLayer hydrants={data.hydranten} hiddenId={mode === 'edit' ? h : 0} onSelect={select} />
        <PopupCloser onClose={closePopup} />
        {selectedHydrant && mode === 'normal' && <HydrantPopup hydrant={selectedHydrant} data={data} />}
      </MapContainer>
      {mode !== 'normal' && <CentreMark hydrant={moving} />}
      {mode === 'normal' ? (
        <>
          {/* The address search makes room for an open popup, whose title and close button it would cover on a phone. */}
          {data.karte.geocoding && !selectedHydrant && (
            <Overlay position="top">
              <AddressSearch map={map} />
            </Overlay>
          )}
          <Stack spacing={1.5} sx={{ position: 'absolute', right: 16, bottom: 32, zIndex: 1000 }}>
            <Tooltip title="Standort ermitteln" placement="left">
              <Fab size="small" aria-label="Standort ermitteln" onClick={locate}>
                <MyLocationIcon />
              </Fab>
            </Tooltip>
            <Tooltip title="Hydrant hinzufügen" placement="left">
              <Fab color="primary" aria-label="Hydrant hinzufügen" onClick={startAdding}>
                <AddIcon />
              </Fab>
            </Tooltip>
          </Stack>
        </>
      ) : (
        <Overlay position="bottom">
          <Paper sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ mr: 1 }}>
              {mode === 'pick'
                ? 'Karte verschieben, bis das Kreuz auf der Position liegt.'
                : `Hydrant ${moving?.nummer ?? ''} verschieben: Kreuz auf die neue Position legen.`}
            </Typography>
            <Button onClick={cancel}>Abbrechen</Button>
            <Button variant="contained" onClick={() => void adopt()} disabled={mode === 'edit' && !moving}>
              Übernehmen
            </Button>
          </Paper>
        </Overlay>
      )}
    </Box>
  );
}
