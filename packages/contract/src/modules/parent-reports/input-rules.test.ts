import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../platform/schema';
import { fieldMessages } from '../../platform/fields';
import { defaultContactSettings, parentReportsSettingsInput } from './calls';

describe('release-time conditions of 210 (issue 31)', () => {
  it('a save with von after bis is refused on that condition’s bis', () => {
    const condition = { aktiv: true, klassen: [], ausnahmen: [], datumVon: '2026-09-01', datumBis: '2026-08-01' };
    const reports = parentReportsSettingsInput.safeParse({
      anwesenheitMeldungSpaetestensBis: '08:00',
      meldung_erlaubeKommentar: true,
      meldung_erlaubeDateiupload: false,
      text_alertVorMeldungsformular: '',
      text_meldungVerpaetet: '',
      moeglicheEntlasszeiten: ['14:00'],
      moeglicheEntlasszeiten_bedingungen: { '14:00': condition },
      ...defaultContactSettings,
    });
    expect(fieldErrors(reports.error!)).toEqual({
      'moeglicheEntlasszeiten_bedingungen.14:00.datumBis': [fieldMessages.dayRange],
    });
  });
});
