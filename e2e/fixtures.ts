/**
 * E2E_PORT lets several checkouts run their browser tests side by side; worker n's server listens on
 * e2ePort + 10 n, so checkouts on neighbouring ports (4181, 4182, …) do not collide.
 */
export const e2ePort = Number(process.env['E2E_PORT'] ?? 4173);
/**
 * Browser-test workers, each with its own server (E2E_WORKERS; default 2: the spec files split in two halves,
 * the 2-core CI machine's browser and server work overlap).
 */
export const e2eWorkers = Math.max(1, Number(process.env['E2E_WORKERS'] ?? 2));
/** The address of worker n's server. */
export const workerPort = (parallelIndex: number) => e2ePort + 10 * parallelIndex;
export const workerBaseURL = (parallelIndex: number) => `http://127.0.0.1:${workerPort(parallelIndex)}`;

export const e2eAdmin = { nn: 'admin', password: 'Admin#E2E-2026' } as const;

/** Users the journeys need beyond the demo organisation. */
export const fixtureUsers = [
  // Has the App-Info menu entry (x|999) but neither of its tabs: sees 'Zugriff verweigert'.
  { nn: 'ohnetab', password: 'Ohnetab#2026', ident: 'Olga Ohnetab', rechte: ['x|999'] },
  // Has no menu link at all: is logged out right after login.
  { nn: 'ohnemenu', password: 'Ohnemenu#2026', ident: 'Otto Ohnemenü', rechte: [] },
  // A staff-like user only the menu journey logs in with, so no other journey changes its last view.
  {
    nn: 'menutest',
    password: 'Menutest#2026',
    ident: 'Mia Menü',
    rechte: ['x|010', 'x|020', 'x|120|000', 'x|999|000', 'x|999|100'],
  },
  // Administers users (x|005|000) but holds neither the Protokoll (x|005|030) nor the Datenschutz right (x|005|040).
  {
    nn: 'ohneprotokoll',
    password: 'Ohneprotokoll#2026',
    ident: 'Paul Ohneprotokoll',
    rechte: ['x|005|000'],
  },
  // Sets up the second factor on a phone (two-factor.spec.ts) and logs in with it; nobody else uses it.
  { nn: 'zweifaktor', password: 'Zweifaktor#2026', ident: 'Zora Zweifaktor', rechte: ['x|010', 'x|020', 'x|999|000'] },
  // Adds a passkey on a phone and logs in with it (passkeys.spec.ts); nobody else uses it.
  { nn: 'passkey', password: 'Passkey#Login2026', ident: 'Paula Passkey', rechte: ['x|010', 'x|020', 'x|999|000'] },
  // On a start password (as a login letter or a reset hands it out): chooses an own one at the first login.
  { nn: 'startpw', password: 'StartPw9aKd7Q', ident: 'Stella Start', rechte: ['x|010', 'x|020'], rootPw: true },
] as const;

/**
 * Families of their own (a parent account in the demo's 'Eltern' group with one child in the demo's first
 * class, '1a'; `abholpersonen`: the child's pickup persons) for the release and check-in journeys: the demo parent's children are reported absent by the report journeys,
 * and each journey here must not depend on what another spec file did to them.
 */
export const fixtureFamilies = {
  erlaubnis: {
    nn: 'eltern-erlaubnis',
    password: 'ElternErlaubnis#2026',
    ident: 'Familie Hortkarte',
    vorname: 'Lina',
    nachname: 'Hortkarte',
  },
  abholung: {
    nn: 'eltern-abholung',
    password: 'ElternAbholung#2026',
    ident: 'Familie Abholer',
    vorname: 'Tom',
    nachname: 'Abholer',
  },
  einwilligung: {
    nn: 'eltern-einwilligung',
    password: 'ElternEinwilligung#2026',
    ident: 'Familie Einwilliger',
    vorname: 'Ella',
    nachname: 'Einwilliger',
  },
  // keyboard.spec.ts: a parent reports by keyboard alone; staff check in the other child by keyboard alone.
  tastatur: {
    nn: 'eltern-tastatur',
    password: 'ElternTastatur#2026',
    ident: 'Familie Tastatur',
    vorname: 'Kai',
    nachname: 'Tastatur',
  },
  tastenhof: {
    nn: 'eltern-tastenhof',
    password: 'ElternTastenhof#2026',
    ident: 'Familie Tastenhof',
    vorname: 'Ben',
    nachname: 'Tastenhof',
  },
  // fees-family.spec.ts: a parent orders and cancels lunches on a phone and downloads last month's statement (the
  // child has the demo's first care scope, so the demo's run of last month bills the family).
  essen: {
    nn: 'eltern-essen',
    password: 'ElternEssen#2026',
    ident: 'Familie Mittagstisch',
    vorname: 'Emma',
    nachname: 'Mittagstisch',
  },
  // check-in.spec.ts: staff check the child in on the phone and release it to its one listed pickup person.
  eincheck: {
    nn: 'eltern-eincheck',
    password: 'ElternEincheck#2026',
    ident: 'Familie Eincheck',
    vorname: 'Mila',
    nachname: 'Eincheck',
    abholpersonen: ['Oma Erika'],
  },
  // check-in.spec.ts: staff check the child in on the phone while offline.
  funkloch: {
    nn: 'eltern-funkloch',
    password: 'ElternFunkloch#2026',
    ident: 'Familie Funkloch',
    vorname: 'Noah',
    nachname: 'Funkloch',
  },
} as const;

export const demo = {
  leitung: { nn: 'leitung', password: 'Leitung#2026' },
  erzieher: { nn: 'erzieher', password: 'Erzieher#2026' },
  eltern: { nn: 'eltern', password: 'Eltern#2026' },
  kunde: { nn: 'kunde', password: 'Kunde#2026' },
} as const;
