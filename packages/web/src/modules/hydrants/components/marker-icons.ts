import L from 'leaflet';
import { markerIcon, type HydrantStatus } from '@hortus/contract/modules/hydrants';

/** Marker size and anchor (business.md 9): 20 × 20, anchored at its bottom centre (10, 20). */
export const MARKER_SIZE: [number, number] = [20, 20];
export const MARKER_ANCHOR: [number, number] = [10, 20];

const statusColour: Record<HydrantStatus, string> = { '1': '#2e7d32', '2': '#616161' };

/** The SVG of a marker: a pin in the status colour, an orange ring for any defect, a cross or question mark. */
export function markerSvg(status: HydrantStatus, mangel: readonly string[]): string {
  const icon = markerIcon(status, mangel);
  const fill = icon.mark === 'cross' ? '#c62828' : statusColour[status];
  const ring = icon.alert ? '<circle cx="10" cy="7.5" r="6.2" fill="none" stroke="#ff9800" stroke-width="2"/>' : '';
  const mark =
    icon.mark === 'cross'
      ? '<path d="M7.2 4.7l5.6 5.6M12.8 4.7l-5.6 5.6" stroke="#fff" stroke-width="2" stroke-linecap="round"/>'
      : icon.mark === 'question'
        ? '<text x="10" y="11" font-size="9" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">?</text>'
        : '<circle cx="10" cy="7.5" r="2.4" fill="#fff"/>';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">` +
    `<path d="M10 20L3.6 11.2A7.5 7.5 0 1 1 16.4 11.2Z" fill="${fill}" stroke="#fff" stroke-width="1"/>` +
    `${ring}${mark}</svg>`
  );
}

const cache = new Map<string, L.DivIcon>();

/** The Leaflet icon of a hydrant; one icon object per icon name, shared by every marker. */
export function hydrantIcon(status: HydrantStatus, mangel: readonly string[]): L.DivIcon {
  const { name } = markerIcon(status, mangel);
  let icon = cache.get(name);
  if (!icon) {
    icon = L.divIcon({
      html: markerSvg(status, mangel),
      className: `hydrant-marker hydrant-${name}`,
      iconSize: MARKER_SIZE,
      iconAnchor: MARKER_ANCHOR,
      popupAnchor: [0, -18],
    });
    cache.set(name, icon);
  }
  return icon;
}

/** A cluster: a circle with the count, red when it holds urgent findings. */
export function clusterIcon(count: number, urgent: number): L.DivIcon {
  const size = count < 100 ? 32 : count < 1000 ? 38 : 44;
  const colour = urgent > 0 ? '#c62828' : '#1565c0';
  const label = count >= 1000 ? `${(count / 1000).toFixed(1).replace('.', ',')}k` : String(count);
  return L.divIcon({
    html: `<div style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:${colour};color:#fff;font:600 12px sans-serif;text-align:center;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)">${label}</div>`,
    className: 'hydrant-cluster',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
