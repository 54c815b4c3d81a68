import { z } from 'zod';
import { defineCallSpec, getOrSaveRequest } from '../../platform/call-spec';
import { facility } from '../../platform/facility';
import { accessibilityStatement, legalContact } from '../../platform/legal';
import { ruledString } from '../../platform/schema';
import { defineActions } from '../../platform/wire';

export const appSettingsMessages = {
  saved: 'Die Einstellungen wurden erfolgreich gespeichert',
  saveFailed: 'Die Einstellungen konnten nicht gespeichert werden. Bitte die Netzwerkverbindung prüfen.',
  colour: 'Bitte eine Farbe im Format #RRGGBB angeben.',
  unknownModule: 'Unbekanntes Modul.',
} as const;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, appSettingsMessages.colour);

/** Icons offered for parameters and groups (settings field icons.parameter). */
export const parameterIcons = [
  'Label',
  'Badge',
  'Person',
  'Email',
  'Phone',
  'Home',
  'Cake',
  'Work',
  'School',
  'Event',
  'Info',
  'Star',
  'Favorite',
  'Group',
  'Groups',
  'FamilyRestroom',
  'AdminPanelSettings',
  'Storefront',
  'ChildCare',
  'LocalHospital',
  'DirectionsCar',
  'Pets',
  'Language',
  'Notes',
] as const;

/** German names of the parameter icons, shown in the icon picker. */
export const parameterIconLabels: Record<(typeof parameterIcons)[number], string> = {
  Label: 'Etikett',
  Badge: 'Ausweis',
  Person: 'Person',
  Email: 'E-Mail',
  Phone: 'Telefon',
  Home: 'Haus',
  Cake: 'Geburtstag',
  Work: 'Arbeit',
  School: 'Schule',
  Event: 'Termin',
  Info: 'Information',
  Star: 'Stern',
  Favorite: 'Herz',
  Group: 'Gruppe',
  Groups: 'Gruppen',
  FamilyRestroom: 'Familie',
  AdminPanelSettings: 'Verwaltung',
  Storefront: 'Geschäft',
  ChildCare: 'Kind',
  LocalHospital: 'Gesundheit',
  DirectionsCar: 'Auto',
  Pets: 'Haustier',
  Language: 'Sprache',
  Notes: 'Notizen',
};

/** The editable app settings (core.md "App settings"). */
export const appSettingsData = z.object({
  app_titel: ruledString('required').pipe(z.string().max(60, 'Maximal 60 Zeichen sind erlaubt')),
  app_untertitel: z.string().max(200, 'Maximal 200 Zeichen sind erlaubt'),
  app_url: ruledString('url', 'httpUrl').pipe(z.string().max(300, 'Maximal 300 Zeichen sind erlaubt')),
  app_theme_color_primary: hexColour,
  loginscreen_welcomeText: ruledString('text').pipe(z.string().max(5000, 'Maximal 5000 Zeichen sind erlaubt')),
  loginscreen_bg_color: z.union([z.literal(''), hexColour]),
  loginscreen_bg_img: ruledString('url', 'httpUrl').pipe(z.string().max(500, 'Maximal 500 Zeichen sind erlaubt')),
  loginscreen_infos: z
    .array(
      z.object({
        titel: ruledString('required', 'text').pipe(z.string().max(100, 'Maximal 100 Zeichen sind erlaubt')),
        text: ruledString('text').pipe(z.string().max(5000, 'Maximal 5000 Zeichen sind erlaubt')),
      }),
    )
    .max(20, 'Höchstens 20 Einträge.'),
  /**
   * The responsible organisation (Träger): named in the privacy notice and the compliance papers. This and the
   * next two are opt-in on save (a save without them keeps the stored values); the load always answers them.
   */
  verantwortlicher: legalContact.optional(),
  /** The data protection officer's contact, shown on the public privacy page /datenschutz. */
  datenschutzbeauftragter: legalContact.optional(),
  /** The accessibility statement (BITV 2.0) on the public page /barrierefreiheit. */
  barrierefreiheit: accessibilityStatement.optional(),
  /**
   * The facility: name, address, phone, e-mail and opening hours, shown on the login screen, 210's 'Kontakt'
   * tab and 410's invoices (where 410's own address is empty). Opt-in on save like the three above.
   */
  einrichtung: facility.optional(),
  /** Enabled module codes. */
  useF: z.array(z.string().regex(/^\d{3}$/, appSettingsMessages.unknownModule)).max(100),
});
export type AppSettingsData = z.infer<typeof appSettingsData>;

/** The one save action of getOrSaveSettings (the call's right x|001 suffices). */
export const appSettingsActions = defineActions({ saveSettings: { data: appSettingsData } });

/** The settings as loaded: every field present. */
export const appSettingsState = appSettingsData.extend({
  verantwortlicher: legalContact,
  datenschutzbeauftragter: legalContact,
  barrierefreiheit: accessibilityStatement,
  einrichtung: facility,
});
export type AppSettingsState = z.infer<typeof appSettingsState>;

export const appSettingsReply = z.object({
  status: z.literal('success'),
  settings: appSettingsState,
  /** Modules that can be switched on and off, and those that always stay on. */
  module: z.array(z.object({ code: z.string(), titel: z.string(), alwaysEnabled: z.boolean() })),
  icons: z.object({ parameter: z.array(z.string()) }),
});
export type AppSettingsReply = z.infer<typeof appSettingsReply>;

/** Calls of module 001 (core.md "App settings"). */
export const appSettingsCalls = {
  /** Load (missing/empty dataToSave) or save (`{type: 'saveSettings', data}`); answers the stored settings. */
  getOrSaveSettings: defineCallSpec({
    path: '/_api/000/001/',
    queryKey: 'getOrSaveSettings',
    request: getOrSaveRequest(appSettingsActions),
    reply: appSettingsReply,
  }),
};
