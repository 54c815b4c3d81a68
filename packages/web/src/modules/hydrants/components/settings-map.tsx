import 'leaflet/dist/leaflet.css';
import { MapContainer, useMapEvents } from 'react-leaflet';
import { GermanZoomControl } from './german-zoom';
import { hydrantDefaults, type HydrantData } from '@hortus/contract/modules/hydrants';
import { ClusterLayer, MapTiles } from './hydrant-map';

const ignore = () => undefined;

export interface MapView {
  lat: number;
  lon: number;
  zoom: number;
}

function MoveListener({ onMove }: { onMove(view: MapView): void }) {
  const map = useMapEvents({
    moveend: () => {
      const centre = map.getCenter();
      onMove({ lat: centre.lat, lon: centre.lng, zoom: map.getZoom() });
    },
  });
  return null;
}

/** The start view of the map: moving or zooming it is a change of the settings. */
export default function SettingsMap({
  data,
  view,
  onMove,
}: {
  data: HydrantData;
  view: MapView;
  onMove(view: MapView): void;
}) {
  return (
    <MapContainer
      center={[view.lat, view.lon]}
      zoom={view.zoom}
      zoomSnap={hydrantDefaults.zoomSnap}
      zoomDelta={hydrantDefaults.zoomSnap}
      maxZoom={hydrantDefaults.maxZoom}
      zoomControl={false}
      style={{ height: 320, width: '100%' }}
    >
      <GermanZoomControl />
      <MapTiles data={data} />
      {/* The register for orientation (also without tiles); markers here open nothing. */}
      <ClusterLayer hydrants={data.hydranten} hiddenId={0} onSelect={ignore} />
      <MoveListener onMove={onMove} />
    </MapContainer>
  );
}
