import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_MM,
  PHOTO_ASPECT,
  birthdaysToday,
  boxesOverlap,
  cardLayout,
  cardQrText,
  faceCropBox,
  forceHttps,
  idCardMessages,
  parseCardQr,
  qrCodeInput,
  scanSettings,
} from './id-cards';

const secret = fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/);
const childId = fc.integer({ min: 1, max: 2 ** 31 - 1 });

describe('card QR codes', () => {
  it('reads back every code it writes', () => {
    fc.assert(
      fc.property(childId, secret, (id, s) => {
        expect(parseCardQr(cardQrText(id, s))).toEqual({ childId: id, type: 1, secret: s });
      }),
    );
  });

  it('refuses anything that is not 4 parts of 200|id|1|secret', () => {
    for (const text of [
      '',
      'https://example.org/150?sa=abc',
      '200|12|1',
      '200|12|1|short',
      '150|12|1|abcdefghijklmnopqrst',
      '200|12|2|abcdefghijklmnopqrst',
      '200|0|1|abcdefghijklmnopqrst',
      '200|012|1|abcdefghijklmnopqrst',
      '200|2147483648|1|abcdefghijklmnopqrst',
      '200|-1|1|abcdefghijklmnopqrst',
      '200|12|1|abcdefghijklmnopqrst|x',
      '200|12|1|abcdefghij klmnopqrst',
    ]) {
      expect(parseCardQr(text)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseCardQr(text);
        if (parsed) expect(cardQrText(parsed.childId, parsed.secret)).toBe(text.trim());
      }),
    );
  });
});

const image = fc.record({ width: fc.integer({ min: 40, max: 4000 }), height: fc.integer({ min: 40, max: 4000 }) });
const settings = fc.record({
  faktor: fc.integer({ min: 20, max: 100 }),
  offsetx: fc.integer({ min: -50, max: 50 }),
  offsety: fc.integer({ min: -50, max: 50 }),
});

describe('faceCropBox', () => {
  it('always lies inside the photo, in whole pixels, close to 3:4', () => {
    fc.assert(
      fc.property(
        image,
        settings,
        fc.boolean(),
        fc.double({ min: 0.05, max: 0.9, noNaN: true }),
        (img, s, withFace, share) => {
          const size = Math.min(img.width, img.height) * share;
          const face = withFace
            ? { left: (img.width - size) / 3, top: (img.height - size) / 4, width: size, height: size }
            : null;
          const box = faceCropBox(img, face, s);
          expect(Number.isInteger(box.left) && Number.isInteger(box.top)).toBe(true);
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.top).toBeGreaterThanOrEqual(0);
          expect(box.left + box.width).toBeLessThanOrEqual(img.width);
          expect(box.top + box.height).toBeLessThanOrEqual(img.height);
          expect(Math.abs(box.width - box.height * PHOTO_ASPECT)).toBeLessThanOrEqual(1.5);
        },
      ),
    );
  });

  it('makes the face fill the factor of the width, centred on the face (shifted by the offsets) when it fits', () => {
    fc.assert(
      fc.property(settings, (s) => {
        const img = { width: 4000, height: 4000 };
        const face = { left: 1900, top: 1900, width: 200, height: 200 };
        const box = faceCropBox(img, face, s);
        expect(box.width).toBe(Math.round(200 / (s.faktor / 100)));
        const centreX = box.left + box.width / 2;
        const centreY = box.top + box.height / 2;
        expect(Math.abs(centreX - (2000 + (s.offsetx / 100) * (200 / (s.faktor / 100))))).toBeLessThanOrEqual(1);
        expect(
          Math.abs(centreY - (2000 + (s.offsety / 100) * (200 / (s.faktor / 100) / PHOTO_ASPECT))),
        ).toBeLessThanOrEqual(1.5);
        // Without offsets the face is wholly inside the frame.
        if (s.offsetx === 0 && s.offsety === 0) {
          expect(box.left).toBeLessThanOrEqual(face.left);
          expect(box.left + box.width).toBeGreaterThanOrEqual(face.left + face.width);
        }
      }),
    );
  });

  it('takes the largest centred frame without a face', () => {
    expect(faceCropBox({ width: 400, height: 300 }, null, { faktor: 80, offsetx: 0, offsety: 0 })).toEqual({
      left: 88,
      top: 0,
      width: 225,
      height: 300,
    });
  });
});

describe('cardLayout', () => {
  it('puts a QR code breite % wide at offsetx % from the right and offsety % from the bottom, square on the card', () => {
    const qr = qrCodeInput.parse({});
    expect(qr).toEqual({ id: 0, idTyp: 1, breite: 20, offsetx: 6, offsety: 3 });
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 40 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (breite, offsetx, offsety) => {
          const layout = cardLayout([{ breite, offsetx, offsety }]);
          const box = layout.qrCodes[0];
          if (!box) throw new Error('no QR box');
          expect(box.width).toBeCloseTo(breite / 100);
          // Square in millimetres.
          expect(box.width * CARD_MM.width).toBeCloseTo(box.height * CARD_MM.height);
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.top).toBeGreaterThanOrEqual(0);
          if (offsetx + breite <= 100) expect(box.left + box.width).toBeCloseTo(1 - offsetx / 100);
          // The photo keeps 3:4 in millimetres.
          expect((layout.photo.width * CARD_MM.width) / (layout.photo.height * CARD_MM.height)).toBeCloseTo(
            PHOTO_ASPECT,
          );
          expect(layout.text.width).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('QR positions that cover the text column', () => {
  const qrField = fc.record({
    breite: fc.integer({ min: 10, max: 40 }),
    offsetx: fc.integer({ min: 0, max: 60 }),
    offsety: fc.integer({ min: 0, max: 60 }),
  });

  it('refuses offset 40/40 (it covers the name) at offsetx, accepts the default position', () => {
    const refused = qrCodeInput.safeParse({ breite: 20, offsetx: 40, offsety: 40 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['offsetx', idCardMessages.qrOverText],
    ]);
    expect(qrCodeInput.safeParse({}).success).toBe(true);
  });

  it('never accepts a position whose code overlaps the text box the PDF draws, alone or as a pair', () => {
    fc.assert(
      fc.property(qrField, qrField, (first, second) => {
        const accepted = [first, second].filter((qr) => qrCodeInput.safeParse(qr).success);
        const layout = cardLayout(accepted);
        for (const box of layout.qrCodes) expect(boxesOverlap(box, layout.text)).toBe(false);
        // And a refused position really overlaps.
        if (!qrCodeInput.safeParse(first).success) {
          const alone = cardLayout([first]);
          expect(boxesOverlap(alone.qrCodes[0] as (typeof alone.qrCodes)[0], alone.text)).toBe(true);
        }
      }),
    );
  });
});

describe('scan station settings', () => {
  it('forces the dashboard address to https', () => {
    expect(forceHttps('http://example.org/000')).toBe('https://example.org/000');
    expect(forceHttps('HTTP://example.org')).toBe('https://example.org');
    expect(forceHttps('example.org/000')).toBe('https://example.org/000');
    expect(forceHttps('https://example.org')).toBe('https://example.org');
    expect(forceHttps('  ')).toBe('');
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(forceHttps(url).startsWith('https://')).toBe(true);
        expect(forceHttps(forceHttps(url))).toBe(forceHttps(url));
      }),
    );
  });

  it('defaults to a 300 s reload and birthdays on', () => {
    expect(scanSettings.parse({})).toEqual({
      urlDashboard: '',
      reload: true,
      reloadSeconds: 300,
      iframeKlickbar: false,
      showGeburtstage: true,
      showGeburtstageIdsKlassen: [],
    });
  });

  it('lists birthdays of today in the chosen classes with age = year − birth year', () => {
    const kids = [
      { id: 1, date_geburtstag: '2017-11-24', id_klasse: 1 },
      { id: 2, date_geburtstag: '2016-11-24', id_klasse: 2 },
      { id: 3, date_geburtstag: '2017-11-25', id_klasse: 1 },
      { id: 4, date_geburtstag: '', id_klasse: 1 },
    ];
    expect(birthdaysToday(kids, [1], '2026-11-24')).toEqual([{ ...kids[0], alter: 9 }]);
    expect(birthdaysToday(kids, [1, 2], '2026-11-24').map((k) => k.alter)).toEqual([9, 10]);
  });
});
