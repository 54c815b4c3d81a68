import { hydrantDefaults, type Hydrant, type HydrantData, type HydrantInput } from '@hortus/contract/modules/hydrants';

/** A stored hydrant as saveHydrant takes it (its street by id). */
export function hydrantInputOf(hydrant: Hydrant): HydrantInput {
  return {
    id: hydrant.id,
    coords_lat: hydrant.coords_lat,
    coords_lon: hydrant.coords_lon,
    id_strasse: hydrant.id_strasse,
    strasse: '',
    plz: '',
    ort: '',
    hausnummer: hydrant.hausnummer,
    lageSchild: hydrant.lageSchild,
    nummer: hydrant.nummer,
    lage: hydrant.lage,
    durchmesser: hydrant.durchmesser,
    info: hydrant.info,
    status: hydrant.status,
    mangel: hydrant.mangel,
    letztePruefung: hydrant.letztePruefung,
    version: hydrant.version,
  };
}

/** The values of the edit form: the street by name (found or created by the server), position as text. */
export interface HydrantFormValues {
  id: number;
  coords_lat: string;
  coords_lon: string;
  id_strasse: number;
  strasse: string;
  plz: string;
  ort: string;
  hausnummer: string;
  lageSchild: string;
  nummer: string;
  lage: string;
  durchmesser: number;
  info: string;
  status: '1' | '2';
  mangel: string[];
  letztePruefung: string;
}

/**
 * The form's start values: a stored hydrant, or a new one with the defaults (business.md 9); a
 * position from the query (position picking) replaces the stored one. A new hydrant takes the street
 * of the nearest hydrant as a suggestion.
 */
export function formValuesOf(
  data: HydrantData,
  hydrant: Hydrant | undefined,
  position: { lat: number; lon: number } | null,
): HydrantFormValues {
  const street = hydrant
    ? data.strassen.find((s) => s.id === hydrant.id_strasse)
    : position
      ? data.strassen.find((s) => s.id === nearest(data.hydranten, position)?.id_strasse)
      : undefined;
  return {
    id: hydrant?.id ?? 0,
    coords_lat: String(position?.lat ?? hydrant?.coords_lat ?? ''),
    coords_lon: String(position?.lon ?? hydrant?.coords_lon ?? ''),
    id_strasse: 0,
    strasse: street?.strasse ?? '',
    plz: street?.plz ?? '',
    ort: street?.ort ?? '',
    hausnummer: hydrant?.hausnummer ?? '',
    lageSchild: hydrant?.lageSchild ?? hydrantDefaults.lageSchild,
    nummer: hydrant?.nummer ?? '',
    lage: hydrant?.lage ?? hydrantDefaults.lage,
    durchmesser: hydrant?.durchmesser ?? hydrantDefaults.durchmesser,
    info: hydrant?.info ?? '',
    status: hydrant?.status ?? hydrantDefaults.status,
    mangel: hydrant?.mangel ?? [],
    letztePruefung: hydrant?.letztePruefung ?? '',
  };
}

/** The hydrant nearest to a position (plain degrees; enough to suggest a street). */
export function nearest(hydrants: readonly Hydrant[], position: { lat: number; lon: number }): Hydrant | undefined {
  let best: Hydrant | undefined;
  let bestDistance = Infinity;
  for (const hydrant of hydrants) {
    const distance = (hydrant.coords_lat - position.lat) ** 2 + (hydrant.coords_lon - position.lon) ** 2;
    if (distance < bestDistance) {
      best = hydrant;
      bestDistance = distance;
    }
  }
  return best;
}

/** The address line of a hydrant: 'Hauptstraße 12, Radebeul'. */
export function addressOf(data: HydrantData, hydrant: Hydrant): string {
  const street = data.strassen.find((s) => s.id === hydrant.id_strasse);
  if (!street) return hydrant.hausnummer;
  const line = [street.strasse, hydrant.hausnummer].filter((part) => part !== '').join(' ');
  return street.ort === '' ? line : `${line}, ${street.ort}`;
}
