import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inQuietHours, quietHours, quietHoursOf } from './push-quiet-hours';

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

describe('push quiet hours', () => {
  it('holds from the start up to the end, across midnight when the start is later', () => {
    const night = { von: '20:00', bis: '07:00' };
    expect(inQuietHours(night, '20:00')).toBe(true);
    expect(inQuietHours(night, '23:59')).toBe(true);
    expect(inQuietHours(night, '00:00')).toBe(true);
    expect(inQuietHours(night, '06:59')).toBe(true);
    expect(inQuietHours(night, '07:00')).toBe(false);
    expect(inQuietHours(night, '19:59')).toBe(false);
    const noon = { von: '12:00', bis: '14:00' };
    expect(inQuietHours(noon, '13:00')).toBe(true);
    expect(inQuietHours(noon, '14:00')).toBe(false);
    expect(inQuietHours(null, '03:00')).toBe(false);
  });

  it('a time is quiet in exactly one of two complementary periods', () => {
    fc.assert(
      fc.property(time, time, time, (von, bis, at) => {
        fc.pre(von !== bis);
        expect(inQuietHours({ von, bis }, at)).toBe(!inQuietHours({ von: bis, bis: von }, at));
      }),
    );
  });

  it('refuses equal or malformed times with German messages; a stored value that is no longer valid is none', () => {
    const same = quietHours.safeParse({ von: '20:00', bis: '20:00' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.message).toBe('Beginn und Ende der Ruhezeit müssen sich unterscheiden.');
    expect(quietHours.safeParse({ von: '25:00', bis: '07:00' }).success).toBe(false);
    expect(quietHoursOf({ von: '20:00', bis: '07:00' })).toEqual({ von: '20:00', bis: '07:00' });
    expect(quietHoursOf(null)).toBeNull();
    expect(quietHoursOf({ von: 'x' })).toBeNull();
  });
});
