import { hasRight, protokollTime, type LegalContact, type LegalPagesData, type LegalSection } from '@hortus/contract';
import type { AppContext } from '../http/calls';
import { datenschutzOverview, readDatenschutzSettings } from '../audit/protokoll';
import { readOrgData } from '../settings/org-data';
import { isModuleEnabled } from '../settings/menu';
import { months, type ProcessingActivity } from './processing';

/** One processing activity with the module it belongs to and the groups that hold a right of that module. */
export interface DescribedActivity extends ProcessingActivity {
  modul: string;
  /** Groups holding a right of the module (or, for the platform's activities, of user administration). */
  gruppen: readonly string[];
}

/**
 * What the compliance papers and the public privacy notice say, read from the product as it is set up: the
 * switched-on modules' processing descriptions (ServerModule.processing) and the platform's own, the groups
 * with their rights, the retention settings and jobs, where data lives, and the contacts from the app settings.
 */
export interface PaperFacts {
  appTitel: string;
  verantwortlicher: LegalContact;
  datenschutzbeauftragter: LegalContact;
  aktivitaeten: readonly DescribedActivity[];
  /** Switched-on modules that describe no processing of their own (their changes are in the Protokoll only). */
  ohneEigeneDaten: readonly string[];
  gruppen: readonly { name: string; rechte: number; zweiFaktorPflicht: boolean; module: readonly string[] }[];
  /** Every retention job, its label and last run ('noch nicht gelaufen'). */
  loeschlaeufe: readonly { label: string; letzterLauf: string }[];
  protokollMonate: number;
  datenbank: string;
  dateiablage: string;
  /** Berlin time of making, German. */
  stand: Date;
}

/** The platform's own processing: accounts, sessions and logins, the Protokoll. */
function platformActivities(protokollMonate: number): ProcessingActivity[] {
  return [
    {
      taetigkeit: 'Benutzerkonten und Anmeldung',
      zweck: 'Zugang zur App, Rechte nach Gruppen, Benachrichtigungen',
      rechtsgrundlage: 'Art. 6 Abs. 1 lit. b und f DSGVO',
      betroffene: ['Benutzer (Eltern, Mitarbeitende, Kunden)'],
      datenkategorien: [
        'Benutzername, Anzeigename, Gruppen, Benutzerparameter (z. B. E-Mail, Telefon)',
        'Passwort nur als Hash, zweiter Faktor als Geheimnis',
        'Sitzungen (Gerät, letzte Nutzung), Anmeldeversuche, Push-Abonnements',
      ],
      empfaenger: ['Benutzerverwaltung'],
      loeschfrist:
        'Konto bis zum Löschen durch die Benutzerverwaltung; Sitzungen nach 30 Tagen ohne Nutzung, spätestens nach 180 Tagen; ' +
        'Anmeldeversuche nach Ablauf der Sperrfrist',
    },
    {
      taetigkeit: 'Protokoll (Änderungen und Anmeldungen)',
      zweck: 'Nachvollziehbarkeit von Änderungen, Anmeldungen und Datenherausgaben (Art. 5 Abs. 2, Art. 32 DSGVO)',
      rechtsgrundlage: 'Art. 6 Abs. 1 lit. c und f DSGVO',
      betroffene: ['Benutzer', 'Personen, deren Datensätze geändert wurden'],
      datenkategorien: ['Zeitpunkt, handelnder Benutzer, geänderter Datensatz mit alten und neuen Werten'],
      empfaenger: ['Inhaber des Protokollrechts (nur Datensätze, die sie sehen dürfen)'],
      loeschfrist: `${months(protokollMonate)} (Einstellung „Protokoll“)`,
    },
  ];
}

/** Reads the facts the papers are made of. */
export async function paperFacts(app: AppContext, now = new Date()): Promise<PaperFacts> {
  const org = await readOrgData(app.db);
  const settings = org.settings;
  const datenschutz = await readDatenschutzSettings(app.db);
  const enabled = app.modules.filter((module) => isModuleEnabled(module, settings.useF));
  const titleOf = new Map(app.modules.map((module) => [module.code, module.title]));
  const groupsWith = (code: string) =>
    org.groups.filter((group) => hasRight(org.groupRights.get(group.id) ?? [], `x|${code}`)).map((group) => group.name);

  const aktivitaeten: DescribedActivity[] = platformActivities(datenschutz.protokollMonate).map((activity) => ({
    ...activity,
    modul: 'Plattform',
    gruppen: groupsWith('005'),
  }));
  const described = new Set<string>();
  for (const source of app.processing) {
    if (!enabled.some((module) => module.code === source.code)) continue;
    described.add(source.code);
    for (const activity of await source.describe(app.db)) {
      aktivitaeten.push({
        ...activity,
        modul: titleOf.get(source.code) ?? source.code,
        gruppen: groupsWith(source.code),
      });
    }
  }
  const overview = await datenschutzOverview(app.db, app.retentionJobs);
  return {
    appTitel: settings.app_titel,
    verantwortlicher: settings.verantwortlicher,
    datenschutzbeauftragter: settings.datenschutzbeauftragter,
    aktivitaeten,
    ohneEigeneDaten: enabled
      .filter((module) => !described.has(module.code) && !module.alwaysEnabled)
      .map((module) => module.title),
    gruppen: org.groups.map((group) => {
      const rechte = org.groupRights.get(group.id) ?? [];
      return {
        name: group.name,
        rechte: rechte.length,
        zweiFaktorPflicht: group.zweiFaktorPflicht,
        module: enabled.filter((module) => hasRight(rechte, `x|${module.code}`)).map((module) => module.title),
      };
    }),
    loeschlaeufe: overview.laeufe.map((run) => ({
      label: run.label,
      letzterLauf: run.lauf ? `${protokollTime(run.lauf.zeit)}: ${run.lauf.ergebnis}` : 'noch nicht gelaufen',
    })),
    protokollMonate: datenschutz.protokollMonate,
    ...storageFacts(app),
    stand: now,
  };
}

/** Where the data lives, in German: the database kind and where files are kept. */
export function storageFacts(app: AppContext): { datenbank: string; dateiablage: string } {
  return {
    datenbank:
      app.dbKind === 'postgres' ? 'PostgreSQL-Datenbank' : 'eingebettete PostgreSQL-Datenbank (PGlite) im Datenordner',
    dateiablage: app.fileStore.kind === 'database' ? 'in der Datenbank' : 'im Datenordner des Servers',
  };
}

/** A contact as lines ('' fields left out); `missing` when nothing is filled in. */
export function contactLines(contact: LegalContact, missing: string): string[] {
  const lines = [
    contact.name,
    ...contact.anschrift.split('\n'),
    contact.telefon && `Telefon: ${contact.telefon}`,
    contact.email && `E-Mail: ${contact.email}`,
  ].filter((line) => line.trim() !== '');
  return lines.length > 0 ? lines : [missing];
}

/**
 * The privacy notice for parents and staff (Art. 13/14 DSGVO), as sections: the paper 'Datenschutzhinweise'
 * prints them all; the public page /datenschutz shows them without the two contacts, which it shows as links.
 */
export function privacyNoticeSections(facts: PaperFacts, { contacts = true } = {}): LegalSection[] {
  const contactSections: LegalSection[] = [
    {
      titel: 'Verantwortlicher',
      absaetze: contactLines(facts.verantwortlicher, `Die Einrichtung, die ${facts.appTitel} betreibt.`),
    },
    {
      titel: 'Datenschutzbeauftragte Person',
      absaetze: contactLines(facts.datenschutzbeauftragter, 'Es ist keine datenschutzbeauftragte Person benannt.'),
    },
  ];
  return [
    ...(contacts ? contactSections : []),
    ...facts.aktivitaeten.map((activity) => ({
      titel: activity.taetigkeit,
      absaetze: [
        `Zweck: ${activity.zweck}.`,
        `Daten: ${[...activity.datenkategorien, ...(activity.besondereKategorien ?? [])].join('; ')}.`,
        `Betroffen: ${activity.betroffene.join(', ')}.`,
        `Rechtsgrundlage: ${activity.rechtsgrundlage}.`,
        `Empfänger: ${activity.empfaenger.join('; ')}.`,
        `Speicherdauer: ${activity.loeschfrist}.`,
      ],
    })),
    {
      titel: 'Wo die Daten liegen',
      absaetze: [
        `Die Daten liegen in einer ${facts.datenbank}, Dateien ${facts.dateiablage}, auf dem Server der Einrichtung ` +
          'oder ihres Auftragsverarbeiters. Eine Übermittlung in Drittländer findet nicht statt.',
      ],
    },
    {
      titel: 'Ihre Rechte',
      absaetze: [
        'Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung ' +
          'der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch (Art. 21). Eine Einwilligung ' +
          'können Sie jederzeit für die Zukunft widerrufen.',
        'Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), insbesondere in dem ' +
          'Bundesland, in dem Sie wohnen oder in dem die Einrichtung ihren Sitz hat.',
      ],
    },
  ];
}

/** The public pages' content (/datenschutz, /barrierefreiheit): the privacy notice, contacts, the statement. */
export async function legalPages(app: AppContext): Promise<LegalPagesData> {
  const facts = await paperFacts(app);
  const { barrierefreiheit } = (await readOrgData(app.db)).settings;
  return {
    appTitel: facts.appTitel,
    verantwortlicher: facts.verantwortlicher,
    datenschutzbeauftragter: facts.datenschutzbeauftragter,
    datenschutzhinweise: privacyNoticeSections(facts, { contacts: false }),
    barrierefreiheit,
  };
}
