import { hydrantMessages, type Address, type MapConfig } from '@hortus/contract/modules/hydrants';
import { CallError } from '../../platform/http/calls';

/**
 * The map's outside services, configured by environment (docs/operations.md):
 * - HYDRANT_TILE_URL: tile template with {z}/{x}/{y} (default OpenStreetMap); 'none' draws no tiles.
 * - HYDRANT_TILE_ATTRIBUTION: the attribution shown on the map.
 * - HYDRANT_GEOCODING_URL: a Nominatim-compatible service (default nominatim.openstreetmap.org);
 *   'none' switches address lookups off.
 * Read at call time, so tests point them at a local stand-in.
 */
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende';
const OSM_NOMINATIM = 'https://nominatim.openstreetmap.org';

function setting(name: string, fallback: string): string {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') return fallback;
  return value.trim() === 'none' ? '' : value.trim();
}

export function mapConfig(): MapConfig {
  const tileUrl = setting('HYDRANT_TILE_URL', OSM_TILES);
  return {
    tileUrl,
    attribution: tileUrl === OSM_TILES ? OSM_ATTRIBUTION : setting('HYDRANT_TILE_ATTRIBUTION', ''),
    geocoding: geocodingBase() !== '',
  };
}

function geocodingBase(): string {
  return setting('HYDRANT_GEOCODING_URL', OSM_NOMINATIM).replace(/\/+$/, '');
}

/** The Nominatim usage policy asks for an identifying User-Agent. */
function userAgent(publicUrl: string | undefined): string {
  return `Hortus-Hydrantenpflege/1.0 (+${publicUrl ?? 'https://hortus.example'})`;
}

const MIN_INTERVAL_MS = 1000;
const CACHE_MAX = 2000;
const CACHE_TTL_MS = 7 * 24 * 3600 * 1000;
const cache = new Map<string, { value: unknown; expires: number }>();
/** When the next request to the service may start: one per second for the whole server. */
let nextSlot = 0;

async function throttled<T>(run: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const start = Math.max(now, nextSlot);
  nextSlot = start + MIN_INTERVAL_MS;
  if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  return run();
}

/** GET a JSON answer of the service, cached; network failures and bad answers → the spec's network text. */
async function fetchJson(url: string, publicUrl: string | undefined): Promise<unknown> {
  const hit = cache.get(url);
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = await throttled(async () => {
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': userAgent(publicUrl), Accept: 'application/json', 'Accept-Language': 'de' },
        signal: AbortSignal.timeout(8000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as unknown;
    } catch {
      throw new CallError('notFound', hydrantMessages.geocodingFailed);
    }
  });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(url, { value, expires: Date.now() + CACHE_TTL_MS });
  return value;
}

function baseOrFail(): string {
  const base = geocodingBase();
  if (base === '') throw new CallError('notFound', hydrantMessages.geocodingFailed);
  return base;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Coordinates → address; needs a house number and country code de (business.md 5). */
export async function reverseGeocode(lat: number, lon: number, publicUrl: string | undefined): Promise<Address> {
  const params = new URLSearchParams({
    format: 'jsonv2',
    lat: lat.toFixed(6),
    lon: lon.toFixed(6),
    addressdetails: '1',
    zoom: '18',
  });
  const answer = await fetchJson(`${baseOrFail()}/reverse?${params.toString()}`, publicUrl);
  const address = (
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)['address'] : null
  ) as Record<string, unknown> | null | undefined;
  const hausnummer = text(address?.['house_number']);
  if (!address || hausnummer === '' || text(address['country_code']) !== 'de') {
    throw new CallError('notFound', hydrantMessages.noAddressFromCoordinates);
  }
  return {
    strasse: text(address['road']) || text(address['pedestrian']) || text(address['footway']),
    hausnummer,
    plz: text(address['postcode']),
    ort: text(address['city']) || text(address['town']) || text(address['village']) || text(address['municipality']),
  };
}

/** Address text → coordinates (the first match in Germany). */
export async function searchAddress(
  query: string,
  publicUrl: string | undefined,
): Promise<{ lat: number; lon: number }> {
  const params = new URLSearchParams({ format: 'jsonv2', q: query, limit: '1', countrycodes: 'de' });
  const answer = await fetchJson(`${baseOrFail()}/search?${params.toString()}`, publicUrl);
  const first = Array.isArray(answer) ? (answer[0] as Record<string, unknown> | undefined) : undefined;
  const lat = Number(first?.['lat']);
  const lon = Number(first?.['lon']);
  if (!first || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new CallError('notFound', hydrantMessages.noCoordinatesFromAddress);
  }
  return { lat, lon };
}
