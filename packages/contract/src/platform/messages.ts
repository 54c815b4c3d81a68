/** German texts shown to users, exactly as the specification words them. */
export const messages = {
  accessDenied: 'Zugriff verweigert',
  /** The platform's notice to change a start password (it links to the profile's password tab). */
  welcomeNotice: 'Willkommen! Bitte ändern Sie Ihr Startpasswort.',
  welcomeNoticeLink: 'Passwort jetzt ändern',
  /** A user parameter the caller may not change (profile, members, customer logins). */
  notEditable: 'Dieser Wert kann nicht bearbeitet werden.',
  /** The QR camera (attendance's scan dialog, the children's scan station). */
  cameraFailed: 'Die Kamera konnte nicht gestartet werden.',
  offlineBanner: 'KEINE NETZWERKVERBINDUNG',
  offlineHint:
    'Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
  /** The banner of the school modules as one sentence (school.md 2.1). */
  offlineBannerSchool:
    'KEINE NETZWERKVERBINDUNG. Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
  /** The banner of module 410 as one line (business.md 2.3). */
  offlineBannerBusiness:
    'KEINE NETZWERKVERBINDUNG - Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
  /** A module's data could not be loaded (never 'gespeichert' for a load; the offline banner shows too). */
  dataLoadFailed: 'Die Daten konnten nicht geladen werden. Bitte die Netzwerkverbindung prüfen.',
  loginInvalid: 'Logindaten ungültig.',
  loginTooManyAttempts: 'Zu viele Loginversuche. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.',
  loginNetworkError: 'Bitte Netzwerkverbindung überprüfen',
  /** The login with a start password (login answers passwortWaehlen): the own password is asked for. */
  choosePassword: 'Sie haben sich mit Ihrem Startpasswort angemeldet. Bitte wählen Sie jetzt ein eigenes Passwort.',
  newPassword: 'Neues Passwort',
  repeatPassword: 'Neues Passwort wiederholen',
  passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
  startPasswordReused: 'Bitte ein anderes Passwort als das Startpasswort wählen.',
  /** Two-factor login. */
  otpInvalid: 'Der Code ist ungültig oder wurde schon verwendet.',
  otpAsk: 'Bitte den Code aus Ihrer Authenticator-App eingeben (oder einen Wiederherstellungscode).',
  otpLabel: 'Code',
  otpOpenApp: 'In der Authenticator-App öffnen',
  recoveryCodesHint:
    'Zweiter Faktor eingerichtet. Bitte notieren Sie diese Wiederherstellungscodes: Jeder gilt einmal, falls das Telefon fehlt.',
  totpOff: 'Die Anmeldung mit zweitem Faktor ist ausgeschaltet.',
  totpRequiredByGroup: 'Ihre Gruppe verlangt die Anmeldung mit zweitem Faktor; sie lässt sich nicht ausschalten.',
  /** Passkeys (WebAuthn, issue 42). */
  passkeyLogin: 'Mit Passkey anmelden',
  passkeyUnknown: 'Dieser Passkey ist hier nicht (mehr) bekannt. Bitte mit Passwort anmelden.',
  passkeyFailed: 'Der Passkey konnte nicht geprüft werden. Bitte erneut versuchen.',
  passkeyExpired: 'Die Anfrage ist abgelaufen. Bitte erneut versuchen.',
  passkeyStartPassword: 'Bitte melden Sie sich zuerst mit Ihrem Startpasswort an und wählen ein eigenes Passwort.',
  passkeyAdded: 'Der Passkey wurde hinzugefügt.',
  passkeyRemoved: 'Der Passkey wurde entfernt.',
  passkeyNotFound: 'Diesen Passkey gibt es nicht (mehr).',
  passkeyLimit: 'Es sind höchstens 10 Passkeys je Konto möglich. Bitte zuerst einen entfernen.',
  /** The own session list (issue 42). */
  sessionUnknown: 'Diese Anmeldung gibt es nicht (mehr).',
  sessionCurrent: 'Dieses Gerät melden Sie mit „Ausloggen“ ab.',
  sessionEnded: 'Das Gerät wurde abgemeldet.',
  totpConfirmOff: 'Bitte das Passwort oder einen Code der Authenticator-App angeben.',
  otpSetupRequired:
    'Ihre Gruppe verlangt die Anmeldung mit zweitem Faktor. Bitte fügen Sie den Schlüssel in Ihre Authenticator-App ein und geben Sie den angezeigten Code ein.',
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
  uploadNotAccepted: 'Dieser Aufruf nimmt keine Dateien an.',
  nestedTooDeep: 'Die Anfrage ist zu tief verschachtelt.',
  serverError: 'Interner Fehler. Bitte später erneut versuchen.',
  fileNotFound: 'Die Datei wurde nicht gefunden.',
  recordNotFound: 'Der Eintrag existiert nicht.',
  appLoadFailed: 'Die App konnte nicht geladen werden. Bitte die Netzwerkverbindung prüfen und erneut versuchen.',
  noMenuLinks: 'Für dieses Konto sind keine Bereiche freigeschaltet.',
} as const;

export type MessageKey = keyof typeof messages;

/** Messages of the platform's accounts service (packages/server/src/platform/users/accounts.ts). */
export const accountMessages = {
  /** A designation setting (parents', customers' group) naming a group with administration rights. */
  designationPower:
    'Diese Gruppe hat Verwaltungsrechte (Benutzer, Einstellungen oder Administration) und kann dafür nicht gewählt werden.',
  /** A designation setting naming a group with rights the editor does not hold. */
  designationNotOwn: 'Diese Gruppe hat Rechte, die Sie selbst nicht haben, und kann dafür nicht gewählt werden.',
  /** changePW after too many wrong old passwords (the login's doubling delay). */
  tooManyWrongPasswords: 'Zu viele falsche Passwörter. Bitte versuchen Sie es zu einem späteren Zeitpunkt erneut.',
  /** The accounts service's refusals (user administration shows them as its own, userAdminMessages). */
  nnTaken: 'Der Benutzername ist bereits vergeben.',
  unknownGroup: 'Eine gewählte Gruppe existiert nicht.',
  unknownParameter: 'Ein Parameter existiert nicht.',
  unknownUser: 'Der Benutzer existiert nicht.',
  unknownRight: 'Unbekanntes Recht.',
  notOwnRight: 'Rechte, die Sie selbst nicht haben, können Sie nicht vergeben.',
  deleteSelf: 'Sie können sich nicht selbst löschen.',
  selfLockoutUser: 'Damit würden Sie sich selbst das Recht zur Benutzerverwaltung entziehen.',
  strongerUser: 'Dieser Benutzer hat Rechte, die Sie selbst nicht haben. Sie können ihn daher nicht ändern.',
  strongerGroup: 'Diese Gruppe hat Rechte, die Sie selbst nicht haben. Sie können sie daher nicht ändern oder löschen.',
  lastUserAdmin:
    'Damit hätte niemand mehr das Recht, Benutzer zu bearbeiten. Mindestens ein Benutzer muss dieses Recht behalten.',
  lastGroupAdmin:
    'Damit hätte niemand mehr das Recht, Gruppen zu verwalten. Mindestens ein Benutzer muss dieses Recht behalten.',
} as const;

/** A count with its noun in German number: countOf(1, 'Kind', 'Kinder') → '1 Kind', countOf(3, …) → '3 Kinder'. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The login's notice when it ended the least recently used of the account's sessions (the limit per account). */
export function sessionLimitMessage(limit: number, device: string, lastUsed: string): string {
  return `Sie können auf höchstens ${limit} Geräten gleichzeitig angemeldet sein. Dafür wurde „${device}“ (zuletzt genutzt am ${lastUsed}) abgemeldet.`;
}
