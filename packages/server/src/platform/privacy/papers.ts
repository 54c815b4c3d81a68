import { PASSWORD_MIN, privacyPapers, protokollTime, type PrivacyPaper } from '@hortus/contract';
import type { AppContext } from '../http/calls';
import { renderPdf, type PdfWriter } from '../pdf/pdf-document';
import { contactLines, paperFacts, privacyNoticeSections, type PaperFacts } from './papers-facts';

/**
 * The compliance papers (issue 42) as German PDFs, made from the product's real settings at the moment of the
 * download (papers-facts.ts): privacy notice, record of processing activities, technical and organisational
 * measures, deletion concept, and the data-processing agreement template for hosts.
 */
export async function renderPrivacyPaper(app: AppContext, paper: PrivacyPaper, now = new Date()): Promise<Buffer> {
  const facts = await paperFacts(app, now);
  const { titel } = privacyPapers[paper];
  return renderPdf({ title: titel, subject: facts.appTitel }, (pdf) => {
    pdf.title(titel);
    pdf.paragraph(`${facts.appTitel} · Stand: ${protokollTime(facts.stand.toISOString())}`, { grey: 0.35 });
    writers[paper](pdf, facts);
  });
}

const writers: Record<PrivacyPaper, (pdf: PdfWriter, facts: PaperFacts) => void> = {
  hinweise: (pdf, facts) => {
    pdf.paragraph(
      'Diese Hinweise informieren Eltern, Sorgeberechtigte und Beschäftigte nach Art. 13 und 14 DSGVO darüber, welche ' +
        `Daten in ${facts.appTitel} verarbeitet werden, wozu und wie lange.`,
    );
    for (const section of privacyNoticeSections(facts)) {
      pdf.heading(section.titel);
      for (const line of section.absaetze) pdf.paragraph(line);
    }
  },
  verzeichnis: (pdf, facts) => {
    writeParties(pdf, facts);
    facts.aktivitaeten.forEach((activity, index) => {
      pdf.heading(`${index + 1}. ${activity.taetigkeit} (${activity.modul})`);
      pdf.table({
        columns: [{ header: 'Angabe', width: 150 }, { header: 'Inhalt' }],
        rows: [
          ['Zweck', activity.zweck],
          ['Rechtsgrundlage', activity.rechtsgrundlage],
          ['Betroffene Personen', activity.betroffene.join(', ')],
          ['Datenkategorien', activity.datenkategorien.join('; ')],
          ['Besondere Kategorien (Art. 9)', (activity.besondereKategorien ?? []).join('; ') || 'keine'],
          ['Empfänger', activity.empfaenger.join('; ')],
          ['Zugriff (Gruppen mit Rechten)', activity.gruppen.join(', ') || 'nur Administratoren'],
          ['Löschfrist', activity.loeschfrist],
          ['Drittlandübermittlung', 'keine'],
          ['Technische und organisatorische Maßnahmen', 'siehe Dokument „Technische und organisatorische Maßnahmen“'],
        ],
      });
    });
    if (facts.ohneEigeneDaten.length > 0) {
      pdf.heading('Module ohne eigene personenbezogene Daten');
      pdf.paragraph(`${facts.ohneEigeneDaten.join(', ')}: Änderungen stehen nur im Protokoll.`);
    }
  },
  tom: (pdf, facts) => {
    const required = facts.gruppen.filter((group) => group.zweiFaktorPflicht).map((group) => group.name);
    paperSection(pdf, 'Vertraulichkeit: Zugangskontrolle', [
      `Anmeldung mit Benutzername und Passwort (mindestens ${PASSWORD_MIN} Zeichen, verbreitete Passwörter werden abgelehnt); ` +
        'Passwörter nur als scrypt-Hash gespeichert, Startpasswörter müssen bei der ersten Anmeldung ersetzt werden.',
      'Fehlversuche werden je Benutzerkonto gebremst und gesperrt; Sperren stehen im Protokoll.',
      `Zweiter Faktor (TOTP) für alle möglich; Pflicht für die Gruppen: ${required.join(', ') || 'keine'}.`,
      'Sitzungen enden nach 30 Tagen ohne Nutzung, spätestens nach 180 Tagen; Benutzer sehen und beenden ihre Sitzungen.',
    ]);
    pdf.heading('Vertraulichkeit: Zugriffskontrolle (Gruppen mit Rechten)');
    pdf.paragraph(
      'Jede Anfrage wird auf dem Server gegen die Rechte des Benutzers und die Regeln des einzelnen Datensatzes geprüft ' +
        '(z. B. nur Kinder der eigenen Klassen).',
    );
    pdf.table({
      columns: [
        { header: 'Gruppe', width: 130 },
        { header: 'Rechte', width: 50, align: 'right' },
        { header: 'Module' },
      ],
      rows: facts.gruppen.map((group) => [
        group.name + (group.zweiFaktorPflicht ? ' (2FA)' : ''),
        String(group.rechte),
        group.module.join(', ') || '–',
      ]),
    });
    paperSection(pdf, 'Vertraulichkeit: Übertragung und Speicherung', [
      'Übertragung nur verschlüsselt (HTTPS/TLS durch den Betreiber, HSTS); Sitzungscodes werden nur als Hash gespeichert ' +
        'und in Protokolldateien maskiert.',
      `Speicherort: ${facts.datenbank}; Dateien ${facts.dateiablage}.`,
    ]);
    paperSection(pdf, 'Integrität', [
      'Jede Änderung wird in derselben Transaktion im Protokoll festgehalten (wer, wann, alte und neue Werte); ' +
        `das Protokoll ist nur anhängbar und wird nach ${facts.protokollMonate} Monaten bereinigt.`,
      'Gleichzeitige Änderungen eines Datensatzes werden erkannt; Eingaben werden auf dem Server geprüft.',
    ]);
    paperSection(pdf, 'Verfügbarkeit und Belastbarkeit', [
      'Logische Sicherungen (Datensätze und Dateien) durch den Betreiber; Wiederherstellung auf beiden Datenbanken.',
      'Große Importe werden begrenzt und außerhalb der Anfragebearbeitung gelesen.',
    ]);
    paperSection(pdf, 'Trennung, Datensparsamkeit, Überprüfung', [
      'Module speichern getrennt; nicht genutzte Module sind abgeschaltet. Löschfristen nach dem Löschkonzept.',
      'Die Datenschutz-Einstellungen und dieses Dokument werden jährlich und bei Änderungen überprüft.',
    ]);
  },
  loeschkonzept: (pdf, facts) => {
    pdf.paragraph(
      'Dieses Löschkonzept nennt für jede Datenkategorie die Frist und wie gelöscht wird. Die Fristen stammen aus den ' +
        'aktuellen Einstellungen (Benutzerverwaltung › Datenschutz und die Einstellungen der Module).',
    );
    pdf.heading('Fristen je Kategorie');
    pdf.table({
      columns: [{ header: 'Kategorie', width: 150 }, { header: 'Löschfrist' }],
      rows: facts.aktivitaeten.map((activity) => [`${activity.taetigkeit} (${activity.modul})`, activity.loeschfrist]),
    });
    pdf.heading('Automatische Löschläufe (täglich)');
    pdf.table({
      columns: [{ header: 'Löschlauf', width: 150 }, { header: 'Letzter Lauf' }],
      rows: facts.loeschlaeufe.map((run) => [run.label, run.letzterLauf]),
    });
    paperSection(pdf, 'Löschen von Hand und gesetzliche Aufbewahrung', [
      'Ohne automatischen Lauf löscht die Verwaltung: ein Kind nach dem Austritt, ein Benutzerkonto nach dem Ende der ' +
        'Mitgliedschaft oder Beschäftigung. Mit dem Datensatz gehen seine Dateien und seine Protokolleinträge.',
      'Buchungsbelege und Lohnabrechnungen werden nie vor Ablauf der gesetzlichen Aufbewahrungsfrist gelöscht; ' +
        'die Einstellungen lassen keine kürzere Frist zu.',
      'Sicherungen werden vom Betreiber nach ihrer Aufbewahrungszeit überschrieben.',
    ]);
  },
  avv: (pdf, facts) => {
    pdf.heading('Vertragsparteien');
    pdf.paragraph('Verantwortlicher (Auftraggeber):');
    for (const line of contactLines(facts.verantwortlicher, '______________________________')) pdf.paragraph(line);
    pdf.paragraph('Auftragsverarbeiter (Auftragnehmer, Betreiber des Servers): ______________________________');
    const categories = unique(
      facts.aktivitaeten.flatMap((a) => [...a.datenkategorien, ...(a.besondereKategorien ?? [])]),
    );
    paperSection(pdf, '§ 1 Gegenstand und Dauer', [
      `Der Auftragnehmer betreibt ${facts.appTitel} (Hortus) für den Auftraggeber: Bereitstellung des Servers, ` +
        `der ${facts.datenbank} und der Dateiablage, Sicherungen und Aktualisierungen. Der Vertrag gilt für die ` +
        'Dauer des Betriebs.',
    ]);
    paperSection(pdf, '§ 2 Art der Daten und betroffene Personen', [
      `Datenkategorien: ${categories.join('; ')}.`,
      `Betroffene: ${unique(facts.aktivitaeten.flatMap((a) => a.betroffene)).join(', ')}.`,
    ]);
    paperSection(pdf, '§ 3 Pflichten des Auftragnehmers (Art. 28 Abs. 3 DSGVO)', [
      'a) Verarbeitung nur auf dokumentierte Weisung des Auftraggebers;',
      'b) Verpflichtung der befugten Personen zur Vertraulichkeit;',
      'c) Maßnahmen nach Art. 32 DSGVO gemäß Anlage „Technische und organisatorische Maßnahmen“;',
      'd) Unterauftragsverarbeiter nur mit vorheriger Genehmigung des Auftraggebers: ______________________________;',
      'e) Unterstützung bei Anfragen Betroffener (Auskunft, Löschung) und f) bei den Pflichten nach Art. 32 bis 36 DSGVO;',
      'g) nach Ende des Auftrags Rückgabe (logische Sicherung) und Löschung aller Daten;',
      'h) Nachweise und Kontrollen des Auftraggebers ermöglichen; Meldung von Datenschutzverletzungen unverzüglich.',
    ]);
    paperSection(pdf, '§ 4 Ort der Verarbeitung', [
      'Ausschließlich in der EU / im EWR: ______________________________',
    ]);
    pdf.heading('Unterschriften');
    pdf.paragraph('Ort, Datum, Auftraggeber: ______________________________');
    pdf.paragraph('Ort, Datum, Auftragnehmer: ______________________________');
  },
};

/** Who is responsible and the data protection officer, at the head of the record of processing activities. */
function writeParties(pdf: PdfWriter, facts: PaperFacts): void {
  paperSection(pdf, 'Verantwortlicher', contactLines(facts.verantwortlicher, 'nicht angegeben (App-Einstellungen)'));
  paperSection(
    pdf,
    'Datenschutzbeauftragte Person',
    contactLines(facts.datenschutzbeauftragter, 'nicht benannt (App-Einstellungen)'),
  );
}

/** A heading with its paragraphs (the papers' sections; module papers such as 410's Verfahrensdokumentation too). */
export function paperSection(pdf: PdfWriter, titel: string, lines: readonly string[]): void {
  pdf.heading(titel);
  for (const line of lines) pdf.paragraph(line);
}

const unique = (values: readonly string[]) => [...new Set(values)];
