import { months, type ProcessingSource } from '../../platform/privacy/processing';
import { readMessagesSettings } from './settings';

/** Module 120's processing activity (ServerModule.processing): conversations between accounts. */
export const messagesProcessing: ProcessingSource = async (db) => {
  const { aufbewahrungMonate } = await readMessagesSettings(db);
  return [
    {
      taetigkeit: 'Nachrichten',
      zweck: 'Kommunikation zwischen Eltern, Mitarbeitenden und Verwaltung',
      rechtsgrundlage: 'Art. 6 Abs. 1 lit. b DSGVO (Betreuungs- oder Arbeitsvertrag), lit. f DSGVO',
      betroffene: ['Benutzer (Eltern, Mitarbeitende)'],
      datenkategorien: ['Nachrichtentexte und Anhänge', 'Absender, Empfänger, Lesebestätigungen', 'Übersetzungen'],
      empfaenger: ['Die Teilnehmer der Unterhaltung'],
      loeschfrist:
        aufbewahrungMonate === 0
          ? 'Bis zum Löschen durch die Teilnehmer oder des Benutzerkontos (Einstellung „Aufbewahrung“: unbegrenzt)'
          : `${months(aufbewahrungMonate)} (Einstellung „Aufbewahrung“ der Nachrichten); Texte gelöschter Konten sofort`,
    },
  ];
};
