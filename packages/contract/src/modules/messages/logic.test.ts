import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attachmentSize, matchesSearch, outstanding, PREVIEW_MAX, previewOf, readSummary } from './logic';

describe('messages logic', () => {
  it('a preview is one line of at most PREVIEW_MAX characters, the whole text when it fits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const preview = previewOf(text);
        expect([...preview].length).toBeLessThanOrEqual(PREVIEW_MAX);
        expect(preview).not.toMatch(/\n/);
        const line = text.replace(/\s+/g, ' ').trim();
        if ([...line].length <= PREVIEW_MAX) expect(preview).toBe(line);
        else expect(preview.endsWith('…')).toBe(true);
      }),
    );
  });

  it('outstanding are exactly the recipients who have not done it, in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50)), fc.array(fc.nat(50)), (ids, done) => {
        const recipients = ids.map((id) => ({ id, name: `P${id}` }));
        const open = outstanding(
          recipients,
          done.map((id) => ({ id })),
        );
        expect(open.map((entry) => entry.id)).toEqual(ids.filter((id) => !done.includes(id)));
        expect(readSummary(ids.length - open.length, ids.length)).toBe(
          `${ids.length - open.length} von ${ids.length} gelesen`,
        );
      }),
    );
  });

  it('search finds every word anywhere, case-insensitive; an empty search finds all', () => {
    expect(matchesSearch('Ausflug zum Zoo', 'zoo AUS')).toBe(true);
    expect(matchesSearch('Ausflug zum Zoo', 'zoo park')).toBe(false);
    fc.assert(fc.property(fc.string(), (text) => matchesSearch(text, '  ')));
  });

  it('names an attachment’s size in Bytes, KB or MB with a German comma', () => {
    expect(attachmentSize(850)).toBe('850 Bytes');
    expect(attachmentSize(12 * 1024 + 100)).toBe('12 KB');
    expect(attachmentSize(1.44 * 1024 * 1024)).toBe('1,4 MB');
    expect(attachmentSize(20 * 1024 * 1024)).toBe('20 MB');
    fc.assert(
      fc.property(fc.nat(100 * 1024 * 1024), (bytes) => /^\d+(,\d)? (Bytes|KB|MB)$/.test(attachmentSize(bytes))),
    );
  });
});
