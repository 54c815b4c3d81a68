/** German texts shown to users, exactly as the specification words them. */
export const messages = {
  accessDenied: 'Zugriff verweigert',
  offlineBanner: 'KEINE NETZWERKVERBINDUNG',
  offlineHint:
    'Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
  loginInvalid: 'Logindaten ungültig.',
  loginTooManyAttempts: 'Zu viele Loginversuche. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.',
  loginNetworkError: 'Bitte Netzwerkverbindung überprüfen',
  loginScreenNetworkError: 'Netzwerkfehler! Bitte die Netzwerkverbindung prüfen.',
  settingsSaveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  genericSaveFailed: 'Fehler! Bitte die Netzwerkverbindung prüfen.',
  genericSaveSuccess: 'Speichern erfolgreich.',
  wrongOldPassword: 'Das angegebene Passwort ist falsch. Bitte erneut versuchen.',
  passwordChanged: 'Passwort Erfolgreich geändert',
  settingsSaved: 'Die Einstellungen wurden erfolgreich gespeichert',
  dataSaved: 'Die Daten wurden erfolgreich gespeichert.',
  downloadCreateFailed: 'Die angeforderte Datei konnte nicht erzeugt werden. Bitte die Netzwerkverbindung prüfen.',
  downloadFailed: 'Die angeforderte Datei konnte nicht heruntergeladen werden. Bitte die Netzwerkverbindung prüfen.',
  confirmTitle: 'Sicher?',
  logout: 'Ausloggen',
  notFound: 'Seite nicht gefunden',
  updateAvailable: 'Eine neue Version der App ist verfügbar.',
  validationFailed: 'Die Eingaben sind ungültig. Bitte die markierten Felder prüfen.',
  malformedRequest: 'Die Anfrage ist ungültig.',
  unknownCall: 'Unbekannter Aufruf.',
  requestTooLarge: 'Die Anfrage ist zu groß.',
  serverError: 'Interner Fehler. Bitte später erneut versuchen.',
  fileNotFound: 'Die Datei wurde nicht gefunden.',
  recordNotFound: 'Der Eintrag existiert nicht.',
  noMenuLinks: 'Für dieses Konto sind keine Bereiche freigeschaltet.',
} as const;

export type MessageKey = keyof typeof messages;
