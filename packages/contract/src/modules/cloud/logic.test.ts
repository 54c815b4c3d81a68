import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloudFileTitle, cloudSlotAddress, cloudSlotRights, detectCloudFileKind, germanDateTime } from './logic';

const condition = fc.record({
  alle: fc.boolean(),
  gruppen: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
  nutzer: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
});
const conditions = fc.record({ sehen: condition, upload: condition, bearbeiten: condition });
const subject = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  gruppen: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
});

describe('cloudSlotRights', () => {
  it('bearbeiten implies upload implies sehen; the cloud admin right grants everything', () => {
    fc.assert(
      fc.property(conditions, subject, fc.boolean(), (c, s, isAdmin) => {
        const rights = cloudSlotRights(c, { ...s, rechte: isAdmin ? ['x|130|000|adm'] : ['x|130'] });
        if (rights.bearbeiten) expect(rights.upload).toBe(true);
        if (rights.upload) expect(rights.sehen).toBe(true);
        if (isAdmin) expect(rights).toEqual({ sehen: true, upload: true, bearbeiten: true });
      }),
    );
  });

  it('grants by group, by user and for all', () => {
    const nobody = { alle: false, gruppen: [], nutzer: [] };
    const user = { id: 7, gruppen: [3], rechte: ['x|130|000|010'] };
    expect(cloudSlotRights({ sehen: nobody, upload: nobody, bearbeiten: nobody }, user)).toEqual({
      sehen: false,
      upload: false,
      bearbeiten: false,
    });
    expect(cloudSlotRights({ sehen: { ...nobody, gruppen: [3] }, upload: nobody, bearbeiten: nobody }, user)).toEqual({
      sehen: true,
      upload: false,
      bearbeiten: false,
    });
    expect(cloudSlotRights({ sehen: nobody, upload: { ...nobody, alle: true }, bearbeiten: nobody }, user)).toEqual({
      sehen: true,
      upload: true,
      bearbeiten: false,
    });
    expect(cloudSlotRights({ sehen: nobody, upload: nobody, bearbeiten: { ...nobody, nutzer: [7] } }, user)).toEqual({
      sehen: true,
      upload: true,
      bearbeiten: true,
    });
  });
});

describe('detectCloudFileKind', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const text = (value: string) => Uint8Array.from([...value].map((char) => char.charCodeAt(0)));

  it('knows PDF, PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(detectCloudFileKind(text('%PDF-1.7 ...'))?.endung).toBe('pdf');
    expect(detectCloudFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.endung).toBe('png');
    expect(detectCloudFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))?.endung).toBe('jpg');
    expect(detectCloudFileKind(text('GIF89a...'))?.mime).toBe('image/gif');
    expect(detectCloudFileKind(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))?.mime).toBe('image/webp');
  });

  it('refuses everything else, whatever the name says', () => {
    expect(detectCloudFileKind(text('MZ\u0090\u0000'))).toBeNull();
    expect(detectCloudFileKind(text('<html>'))).toBeNull();
    expect(detectCloudFileKind(text('%PD'))).toBeNull();
    expect(detectCloudFileKind(text('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
    expect(detectCloudFileKind(new Uint8Array())).toBeNull();
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 32 }), (value) => void detectCloudFileKind(value)));
  });
});

describe('cloudFileTitle', () => {
  it('drops folders and the extension', () => {
    expect(cloudFileTitle('C:\\Users\\x\\Einladung März.pdf')).toBe('Einladung März');
    expect(cloudFileTitle('../../etc/passwd')).toBe('passwd');
    expect(cloudFileTitle('archiv.tar.gz')).toBe('archiv.tar');
    expect(cloudFileTitle('.pdf')).toBe('.pdf');
    expect(cloudFileTitle('')).toBe('Datei');
  });

  it('is never empty, never longer than 200 characters, never holds a slash or control character', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (name) => {
        const title = cloudFileTitle(name);
        expect(title.length).toBeGreaterThan(0);
        expect([...title].length).toBeLessThanOrEqual(200);
        // eslint-disable-next-line no-control-regex
        expect(title).not.toMatch(/[\\/\u0000-\u001f]/);
      }),
    );
  });
});

describe('addresses and dates', () => {
  it('builds the slot address from the app address', () => {
    expect(cloudSlotAddress('https://hort.example/', 12)).toBe('https://hort.example/130?s=12');
  });

  it('formats German local time', () => {
    expect(germanDateTime(Date.UTC(2026, 0, 5, 7, 4))).toBe('05.01.2026 08:04');
    expect(germanDateTime(Date.UTC(2026, 6, 5, 7, 4))).toBe('05.07.2026 09:04');
  });
});
