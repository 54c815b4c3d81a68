import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hydrantInput, hydrantMessages } from './calls';
import { hydrantOfRow } from './register-io';

const row = { breitengrad: '51,3', laengengrad: '13,8', strasse: 'Importweg', ort: 'Radebeul' };

describe('postcodes (plz)', () => {
  it('refuses an import row whose postcode lost its leading zero, naming line and column', () => {
    expect(hydrantOfRow(2, { ...row, plz: '1445' })).toEqual({
      errors: ['Zeile 2: plz: Die Postleitzahl muss aus fünf Ziffern bestehen.'],
    });
    expect(hydrantOfRow(3, { ...row, plz: '01445' })).toMatchObject({ hydrant: { plz: '01445' } });
    expect(hydrantOfRow(4, { ...row, plz: '' })).toMatchObject({ hydrant: { plz: '' } });
  });

  it('accepts in the edit form exactly empty or five digits', () => {
    const base = { id: 0, coords_lat: 51.3, coords_lon: 13.8, id_strasse: 0, strasse: 'Importweg' };
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,8}$/), (plz) => {
        const parsed = hydrantInput.safeParse({ ...base, plz });
        expect(parsed.success).toBe(plz === '' || plz.length === 5);
        if (!parsed.success) {
          expect(parsed.error.issues.map((issue) => issue.message)).toEqual([hydrantMessages.postcode]);
        }
      }),
    );
    const letters = hydrantInput.safeParse({ ...base, plz: '01 445' });
    expect(letters.error?.issues.map((issue) => issue.message)).toEqual([hydrantMessages.digitsOnly]);
  });
});
