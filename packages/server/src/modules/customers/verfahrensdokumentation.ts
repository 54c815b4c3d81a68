import {
  formatEuro,
  hasRight,
  LEGAL_RETENTION_YEARS,
  PASSWORD_MIN,
  protokollTime,
  todayIsoDay,
} from '@hortus/contract';
import { centsOf, customerRights, documentPrefixes, type CustomerSettings } from '@hortus/contract/modules/customers';
import { readDatenschutzSettings } from '../../platform/audit/protokoll';
import type { AppContext } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';
import { storageFacts } from '../../platform/privacy/papers-facts';
import { paperSection } from '../../platform/privacy/papers';
import { readOrgData } from '../../platform/settings/org-data';
import { readInvoicingSettings } from './settings';

/** A group that holds a right of module 410, with what it may do there. */
export interface GroupWithRights {
  name: string;
  daten: boolean;
  stornieren: boolean;
  einstellungen: boolean;
  zweiFaktor: boolean;
  kunden: boolean;
}

/** What the Verfahrensdokumentation says, read from the settings at the moment it is made. */
export interface ProcessFacts {
  settings: CustomerSettings;
  gruppen: GroupWithRights[];
  protokollMonate: number;
  datenbank: string;
  dateiablage: string;
  stand: Date;
}

export async function processFacts(app: AppContext, now = new Date()): Promise<ProcessFacts> {
  const settings = await readInvoicingSettings(app.db);
  const org = await readOrgData(app.db);
  const gruppen = org.groups
    .map((group) => ({ group, rights: org.groupRights.get(group.id) ?? [] }))
    .filter(({ rights }) => hasRight(rights, customerRights.module))
    .map(({ group, rights }) => ({
      name: group.name,
      daten: hasRight(rights, customerRights.use),
      stornieren: hasRight(rights, customerRights.storno),
      einstellungen: hasRight(rights, customerRights.settings),
      zweiFaktor: group.zweiFaktorPflicht,
      kunden: group.id === settings.id_nutzergruppe_kunde,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return {
    settings,
    gruppen,
    protokollMonate: (await readDatenschutzSettings(app.db)).protokollMonate,
    ...storageFacts(app),
    stand: now,
  };
}

const yesNo = (value: boolean) => (value ? 'ja' : 'nein');
const names = (groups: readonly GroupWithRights[]) => groups.map((group) => group.name).join(', ') || 'keine';
const fee = (text: string) => formatEuro(centsOf(text));

/**
 * The Verfahrensdokumentation (GoBD Rz. 151 ff.) of the invoicing and bookkeeping in module 410 as a German PDF,
 * made from the current settings (processFacts): users and rights, how documents come into being (numbering,
 * issued = final, cancellation, correction, dunning), e-invoices sent and received, storage, retention,
 * backups, access control and the internal control system. Rendered outside any transaction.
 */
export async function renderVerfahrensdokumentation(app: AppContext, now = new Date()): Promise<Buffer> {
  const facts = await processFacts(app, now);
  const { firma, mahnwesen, datev } = facts.settings;
  const titel = 'Verfahrensdokumentation';
  const year = todayIsoDay(now.getTime()).slice(0, 4);
  const number = (kind: number) => `${documentPrefixes[kind]}-${year}-0001`;
  const staff = facts.gruppen.filter((group) => group.daten && !group.kunden);
  return renderPdf(
    { title: titel, author: firma.name, subject: 'Rechnungsstellung und Belege (Modul Kunden)' },
    (pdf) => {
      pdf.title(titel);
      pdf.paragraph(
        `Rechnungsstellung, Zahlungen, Kosten und Belege mit Hortus (Modul Kunden) · Stand: ${protokollTime(now.toISOString())}`,
        { grey: 0.35 },
      );
      paperSection(pdf, '1. Allgemeines', [
        `Unternehmen: ${[firma.name, [firma.strasse, firma.hausnummer].filter(Boolean).join(' '), [firma.plz, firma.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ') || 'nicht angegeben (Kunden-Einstellungen › Firma)'}.`,
        `Steuernummer: ${firma.steuernummer || 'nicht angegeben'}; USt-IdNr.: ${firma.ustId || 'nicht angegeben'}; ` +
          (firma.kleinunternehmer
            ? 'Kleinunternehmer nach § 19 UStG (Rechnungen ohne Umsatzsteuer mit Hinweis).'
            : 'Regelbesteuerung (Umsatzsteuer je Position und Satz).'),
        'Diese Dokumentation beschreibt nach den GoBD (Rz. 151 ff.) das Verfahren, in dem Rechnungen, Zahlungen und Kosten ' +
          'in Hortus entstehen, gespeichert, geprüft und aufbewahrt werden. Sie wird aus den aktuellen Einstellungen ' +
          'erzeugt; bei jeder Änderung der Einstellungen oder der Rechte ist sie neu zu erstellen und die alte Fassung ' +
          'aufzubewahren.',
      ]);

      pdf.heading('2. Anwender und Berechtigungen');
      pdf.paragraph(
        'Die Rechte werden über Gruppen der Benutzerverwaltung vergeben. Gruppen mit Rechten im Modul Kunden:',
      );
      pdf.table({
        columns: [
          { header: 'Gruppe', width: 150 },
          { header: 'Daten', width: 50 },
          { header: 'Stornieren', width: 65 },
          { header: 'Einstellungen', width: 80 },
          { header: 'Zweiter Faktor' },
        ],
        rows: facts.gruppen.map((group) => [
          group.name + (group.kunden ? ' (Kundengruppe)' : ''),
          yesNo(group.daten),
          yesNo(group.stornieren),
          yesNo(group.einstellungen),
          group.zweiFaktor ? 'Pflicht' : 'freiwillig',
        ]),
      });
      pdf.paragraph(
        'Daten: Kunden, Aufträge, Belege und Kosten sehen und bearbeiten; Mitglieder der Kundengruppe sehen nur die ' +
          'öffentlichen Angaben ihrer eigenen Aufträge und ändern nichts. Stornieren: ausgestellte Rechnungen durch eine ' +
          'Stornorechnung aufheben. Einstellungen: Firmendaten, Konten, Steuersätze und Mahnwesen pflegen, ' +
          'ohne Belege zu sehen. Einzelnen Benutzern zusätzlich vergebene Rechte stehen in der Benutzerverwaltung.',
      );

      paperSection(pdf, '3. Belege und ihre Entstehung', [
        `Automatisch vergebene Nummern bilden je Belegart und Kalenderjahr einen fortlaufenden Nummernkreis: Rechnungen und Stornorechnungen ` +
          `${number(1)}, Rechnungskorrekturen ${number(3)}, Angebote ${number(2)}, Zahlungserinnerungen ${number(4)}, ` +
          `Mahnungen MA-${year}-0001, Rechnungsentwürfe ${number(5)}. Die Nummer wird unter einer Datenbanksperre vergeben ` +
          'und erst gespeichert, wenn der Beleg erzeugt ist; so entstehen weder Lücken noch doppelte Nummern, auch wenn ' +
          'mehrere Personen gleichzeitig Belege ausstellen.',
        'Rechnungen entstehen aus den Positionen eines Auftrags oder Vertrags (sofort, als Entwurf oder zu einem geplanten ' +
          'Zeitpunkt durch den Server). Ein Entwurf trägt keine Rechnungsnummer und kann geändert und gelöscht werden; mit ' +
          '„Ausstellen“ erhält er die nächste Rechnungsnummer. Eine ausgestellte Rechnung, Stornorechnung oder ' +
          'Rechnungskorrektur ist endgültig: Sie kann von niemandem geändert, überschrieben oder gelöscht werden, und ihr ' +
          'Auftrag kann nicht gelöscht werden.',
        'Eine Korrektur geschieht durch eine Stornorechnung (aus demselben Nummernkreis, mit Verweis auf die stornierte ' +
          'Rechnung, alle Beträge mit umgekehrtem Vorzeichen) und, wo nötig, eine neue Rechnung. Eine Rechnungskorrektur ' +
          'mindert eine Rechnung und nennt, was erstattet und was verrechnet wird.',
        `Zahlungsziel: ${firma.zahlungszielTage} Tage. Mahnwesen: Zahlungserinnerung (Gebühr ${fee(mahnwesen.gebuehrErinnerung)}), ` +
          `1. Mahnung (${fee(mahnwesen.gebuehrMahnung1)}), 2. Mahnung (${fee(mahnwesen.gebuehrMahnung2)}), frühestens ` +
          `${mahnwesen.abstandTage} Tage nach dem vorigen Schreiben, neue Frist ${mahnwesen.fristTage} Tage; Verzugszinsen ` +
          `${mahnwesen.basiszins} % Basiszinssatz zuzüglich ${mahnwesen.zuschlagVerbraucher} Prozentpunkte (Verbraucher) bzw. ` +
          `${mahnwesen.zuschlagUnternehmer} Prozentpunkte (Unternehmer).`,
        'Zahlungseingänge werden als Zahlungsbeleg zum Auftrag erfasst (mit Betrag und Datum) oder aus Kontoauszügen ' +
          '(CAMT.053 und CSV-Exporte der Banken) nach Bestätigung übernommen; jede Bankbuchung trägt einen eindeutigen ' +
          'Schlüssel und wird nie zweimal gebucht. Einnahmen anderer Module (z. B. Beiträge) werden mit ihrer Referenz ' +
          'gebucht, nie geändert oder gelöscht; eine Rückbuchung ist eine eigene Buchung.',
        'Kosten werden mit Zahlungsdatum, Kostenstelle, Betrag und Steuersatz erfasst und mit ihren Belegen gespeichert; ' +
          'wiederkehrende Kosten legt der Server zum Fälligkeitstag an.',
      ]);

      paperSection(pdf, '4. Elektronische Rechnungen', [
        'Versand: Jede Rechnung, Stornorechnung und Rechnungskorrektur ist ein PDF/A-3 mit eingebetteter Factur-X-/ZUGFeRD-' +
          'XML nach EN 16931 (Profil EN 16931); für Kunden mit Leitweg-ID zusätzlich eine XRechnung 3.0 (CII). Bei ' +
          'öffentlichen Auftraggebern ist die XML die aufzubewahrende Rechnung.',
        'Empfang: Eingangsrechnungen werden als ZUGFeRD-/Factur-X-PDF oder XRechnung (CII und UBL) hochgeladen, gelesen ' +
          'und gegen die für die Zahlung wichtigen Regeln der EN 16931 geprüft; die Angaben werden vor dem Speichern ' +
          'bestätigt. Die Originaldatei wird unverändert gespeichert, ihr SHA-256-Hashwert festgehalten; zu einer reinen ' +
          'XML-Rechnung wird eine lesbare Ansicht (PDF) dazugelegt.',
      ]);

      paperSection(pdf, '5. Datenhaltung', [
        `Alle Daten liegen in einer ${facts.datenbank}, die Dateien ${facts.dateiablage}. Erzeugte Belege werden ` +
          'genau so gespeichert, wie sie versandt wurden (PDF und XML); sie werden bei Abruf nicht neu erzeugt.',
        'Jede hochgeladene Belegdatei erhält ihren SHA-256-Hashwert, mit dem ihre Unverändertheit jederzeit geprüft ' +
          'werden kann. Gleichzeitige Änderungen desselben Datensatzes werden erkannt und abgewiesen.',
      ]);

      paperSection(pdf, '6. Aufbewahrung', [
        `Buchungsbelege (Rechnungen, Zahlungs- und Kostenbelege) werden mindestens ${LEGAL_RETENTION_YEARS.buchungsbeleg} ` +
          `Jahre, Bücher und Aufzeichnungen ${LEGAL_RETENTION_YEARS.buecher} Jahre aufbewahrt (§ 147 AO, § 257 HGB), ` +
          'gerechnet ab dem Ende des Kalenderjahres. Wird ein Kunde gelöscht, bleiben seine Aufträge mit Name und ' +
          'Nummer und alle Belege erhalten.',
        `Das Protokoll hält jede Änderung ${facts.protokollMonate} Monate vor (Einstellung „Datenschutz“); die Belege ` +
          'selbst sind davon nicht berührt.',
      ]);

      paperSection(pdf, '7. Datensicherung', [
        'Hortus erstellt logische Sicherungen (alle Tabellen und alle Dateien in einer Datei, auf beiden Datenbanken ' +
          'gleich), deren Wiederherstellung in eine leere Datenbank automatisch getestet wird. Empfohlen sind eine nächtliche ' +
          'Sicherung, 30 Tage aufbewahrt und auf einen anderen Rechner kopiert.',
        'Tatsächlicher Turnus, Aufbewahrung und Ort der Sicherungen beim Betreiber: ______________________________',
      ]);

      paperSection(pdf, '8. Zugriffsschutz', [
        `Anmeldung mit Benutzername und Passwort (mindestens ${PASSWORD_MIN} Zeichen), Fehlversuche werden gebremst und ` +
          `gesperrt; zweiter Faktor Pflicht für: ${names(facts.gruppen.filter((group) => group.zweiFaktor))}.`,
        `Jede Anfrage wird auf dem Server gegen die Rechte geprüft. Belege sehen nur die Gruppen mit Datenrecht ` +
          `(${names(staff)}); die Kundengruppe nur ihre eigenen Rechnungen und Angebote.`,
      ]);

      paperSection(pdf, '9. Internes Kontrollsystem', [
        'Jede Änderung an Kunden, Aufträgen, Belegen, Kosten und Bankbuchungen schreibt die Datenbank in derselben ' +
          'Transaktion ins Protokoll (wer, wann, alte und neue Werte); das Protokoll kann nur ergänzt, nicht geändert ' +
          'werden. Auch Datenexporte werden dort vermerkt.',
        `Stornieren dürfen nur: ${names(facts.gruppen.filter((group) => group.stornieren && group.daten))}. ` +
          'Lückenlose Nummern, endgültige Belege und das Verbot doppelter Bankbuchungen prüft die Software selbst.',
        'Eingaben werden geprüft (u. a. Prüfziffern von IBAN und Leitweg-ID, Steuersätze und Befreiungsgründe, Regeln der ' +
          'EN 16931 bei Eingangsrechnungen); offene Posten und Mahnstufen werden bei jedem Abruf aus den Belegen berechnet.',
      ]);

      paperSection(pdf, '10. Auswertungen und Datenüberlassung', [
        'Einnahmenüberschussrechnung je Jahr (mit allen Belegen als ZIP), Monatsbelege, DATEV-Buchungsstapel ' +
          `(Kontenrahmen ${datev.kontenrahmen}, Sachkontenlänge ${datev.sachkontenlaenge}) und der GoBD-Datenexport für ` +
          'die Außenprüfung (Datenträgerüberlassung nach dem Beschreibungsstandard: index.xml mit CSV-Tabellen der ' +
          'Rechnungen, Positionen, Zahlungseingänge, Kosten, Kostenbelege, Mahnungen und Bankumsätze).',
      ]);

      paperSection(pdf, '11. Verantwortlich', [
        'Für das Verfahren verantwortlich: ______________________________',
        'Ort, Datum, Unterschrift: ______________________________',
      ]);
    },
  );
}
