import { cardSettingsInput, type CardSettingsInput } from '@hortus/contract/modules/children';
import { readStorage, writeStorage } from '../../../platform/session/storage';

/** The ID card form's last settings (design, face, QR codes) stay on the device (school.md 7: 'saved QR codes for cards'). */
export const CARD_SETTINGS_KEY = 'f200-ausweis';

/** The settings of the last card made on this device, or `defaults` when none (or a broken entry) is kept. */
export function readCardSettings(defaults: CardSettingsInput): CardSettingsInput {
  try {
    const parsed = cardSettingsInput.safeParse(JSON.parse(readStorage(CARD_SETTINGS_KEY) ?? 'null'));
    return parsed.success ? parsed.data : defaults;
  } catch {
    return defaults;
  }
}

export function writeCardSettings(settings: CardSettingsInput): void {
  writeStorage(CARD_SETTINGS_KEY, JSON.stringify(settings));
}
