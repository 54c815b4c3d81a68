import { ZoomControl } from 'react-leaflet';

/** Leaflet's zoom buttons with German tooltips (its own say 'Zoom in' / 'Zoom out'). */
export function GermanZoomControl() {
  return <ZoomControl position="topleft" zoomInTitle="Vergrößern" zoomOutTitle="Verkleinern" />;
}
