import { DEFAULT_INSPECTION_YEARS, hydrantsModule } from '@hortus/contract/modules/hydrants';
import type { Db } from '../../platform/db/database';
import { writeModuleSettings } from '../../platform/settings/module-settings';
import { hydrantStreets, hydrants } from './schema';

/**
 * The demo register: about 300 hydrants along streets of Radebeul near Dresden. The streets are real;
 * their courses are simplified to a few points each (no map data is shipped), hydrants stand every
 * 80 m along them as in a real supply network.
 */
const streets: readonly { strasse: string; points: readonly [number, number][] }[] = [
  {
    strasse: 'Meißner Straße',
    points: [
      [51.1108, 13.6185],
      [51.1076, 13.645],
      [51.1041, 13.67],
      [51.0987, 13.6985],
    ],
  },
  {
    strasse: 'Kötzschenbrodaer Straße',
    points: [
      [51.1081, 13.629],
      [51.1066, 13.648],
      [51.1052, 13.659],
    ],
  },
  {
    strasse: 'Hauptstraße',
    points: [
      [51.1042, 13.6712],
      [51.1078, 13.6722],
      [51.1121, 13.6745],
    ],
  },
  {
    strasse: 'Bahnhofstraße',
    points: [
      [51.1046, 13.6765],
      [51.1083, 13.677],
    ],
  },
  {
    strasse: 'Sidonienstraße',
    points: [
      [51.109, 13.664],
      [51.1097, 13.679],
    ],
  },
  {
    strasse: 'Pestalozzistraße',
    points: [
      [51.106, 13.66],
      [51.1102, 13.661],
      [51.114, 13.6625],
    ],
  },
  {
    strasse: 'Karl-May-Straße',
    points: [
      [51.1055, 13.6545],
      [51.1115, 13.656],
    ],
  },
  {
    strasse: 'Hölderlinstraße',
    points: [
      [51.1112, 13.65],
      [51.1118, 13.67],
    ],
  },
  {
    strasse: 'Wasastraße',
    points: [
      [51.103, 13.662],
      [51.1036, 13.679],
    ],
  },
  {
    strasse: 'Gradsteg',
    points: [
      [51.1015, 13.668],
      [51.0995, 13.684],
    ],
  },
  {
    strasse: 'Schildenstraße',
    points: [
      [51.1128, 13.682],
      [51.107, 13.683],
    ],
  },
  {
    strasse: 'Eduard-Bilz-Straße',
    points: [
      [51.1025, 13.647],
      [51.104, 13.633],
    ],
  },
  {
    strasse: 'Borstraße',
    points: [
      [51.103, 13.64],
      [51.11, 13.6395],
    ],
  },
  {
    strasse: 'Wilhelm-Eichler-Straße',
    points: [
      [51.1095, 13.63],
      [51.113, 13.633],
    ],
  },
  {
    strasse: 'Weinbergstraße',
    points: [
      [51.115, 13.628],
      [51.1165, 13.656],
      [51.116, 13.678],
    ],
  },
  {
    strasse: 'Moritzburger Straße',
    points: [
      [51.1088, 13.687],
      [51.115, 13.689],
    ],
  },
];

const STEP_M = 80;
const urgentSets = [['03'], ['06', '01'], ['09'], ['10', '04'], ['12']];
const otherSets = [['01'], ['04'], ['05', '07'], ['13'], ['02'], ['08'], ['11'], ['13', '04']];

/** Distance in metres between two points (equirectangular; plenty for a town). */
function metres(a: readonly [number, number], b: readonly [number, number]): number {
  const lat = ((a[0] + b[0]) / 2) * (Math.PI / 180);
  const dy = (b[0] - a[0]) * 111_320;
  const dx = (b[1] - a[1]) * 111_320 * Math.cos(lat);
  return Math.hypot(dx, dy);
}

/** Points every `step` metres along a polyline. */
function along(points: readonly [number, number][], step: number): [number, number][] {
  const result: [number, number][] = [];
  let carry = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as [number, number];
    const b = points[i + 1] as [number, number];
    const length = metres(a, b);
    for (let at = carry; at <= length; at += step) {
      const t = at / length;
      result.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
    }
    carry = (carry + step - (length % step)) % step;
  }
  return result;
}

/** A small deterministic generator, so every demo looks the same. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function seedHydrantsDemo(db: Db, now: Date): Promise<void> {
  const next = random(310);
  const year = now.getUTCFullYear();
  /** Months of this year whose first day has passed (an inspection on the 1st is never in the future). */
  const thisYearMonths = now.getUTCMonth() + 1;
  await writeModuleSettings(db, hydrantsModule.code, {
    startpos_lat: 51.1065,
    startpos_lon: 13.66,
    startpos_zoom: 16,
    pruefzyklusJahre: DEFAULT_INSPECTION_YEARS,
  });
  let nummer = 1000;
  for (const street of streets) {
    const [row] = await db
      .insert(hydrantStreets)
      .values({ strasse: street.strasse, plz: '01445', ort: 'Radebeul' })
      .returning({ id: hydrantStreets.id });
    const streetId = (row as { id: number }).id;
    const positions = along(street.points, STEP_M);
    const values = positions.map(([lat, lon], index) => {
      const roll = next();
      const mangel =
        roll < 0.03
          ? (urgentSets[Math.floor(next() * urgentSets.length)] as string[])
          : roll < 0.12
            ? (otherSets[Math.floor(next() * otherSets.length)] as string[])
            : [];
      const checked = mangel.length > 0 || next() < 0.55;
      const inspectedYear = year - 1 - Math.floor(next() * 5);
      // Checked this year on the 1st of a month that has begun, earlier ones in past years: never in the future.
      const monthNumber = 1 + Math.floor(next() * 12);
      const month = String(monthNumber).padStart(2, '0');
      const thisYearMonth = String(1 + ((monthNumber - 1) % thisYearMonths)).padStart(2, '0');
      // A few metres off the street's axis, alternately left and right (pavement).
      const offset = (index % 2 === 0 ? 1 : -1) * 0.00006;
      nummer += 1;
      return {
        lat: Number((lat + offset).toFixed(6)),
        lon: Number((lon + offset / 2).toFixed(6)),
        streetId,
        hausnummer: String(1 + index * 4 + (index % 2)),
        lageSchild: next() < 0.7 ? 'Laterne' : 'Hauswand',
        nummer: String(nummer),
        lage: next() < 0.8 ? 'Gehweg' : 'Fahrbahn',
        durchmesser: next() < 0.75 ? 100 : 80,
        info: '',
        status: checked ? ('1' as const) : ('2' as const),
        mangel,
        lastUpdate: now.getTime(),
        lastInspection: checked ? `${year}-${thisYearMonth}-01` : `${inspectedYear}-${month}-10`,
      };
    });
    if (values.length > 0) await db.insert(hydrants).values(values);
  }
}
