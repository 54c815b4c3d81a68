import { describe, expect, it } from 'vitest';
import type { CloudSettings } from '@hortus/contract/modules/cloud';
import { impliedConditions, newSlot, slotIdOf, uploadTopic } from './slot-form';
import { progressPercent, uploadInSequence, type UploadProgress } from './upload-queue';

const settings: CloudSettings = {
  standardbedingungen: {
    f130: {
      sehen: { alle: true, gruppen: [] },
      upload: { alle: false, gruppen: [2] },
      bearbeiten: { alle: false, gruppen: [1] },
    },
  },
};

describe('slot form', () => {
  it('starts new slots with the current year and the module defaults (a copy)', () => {
    const slot = newSlot(settings, new Date(2031, 5, 1));
    expect(slot).toMatchObject({ id: 0, sort: '2031', name: '' });
    expect(slot.bedingungen.f130).toEqual(settings.standardbedingungen.f130);
    slot.bedingungen.f130.upload.gruppen.push(9);
    expect(settings.standardbedingungen.f130.upload.gruppen).toEqual([2]);
  });

  it('shows stronger conditions as implied in weaker ones', () => {
    expect(impliedConditions(settings.standardbedingungen.f130)).toEqual({
      sehen: { alle: false, gruppen: [2, 1] },
      upload: { alle: false, gruppen: [1] },
    });
  });

  it('reads topics and slot ids', () => {
    expect(uploadTopic('  Ausflug ')).toBe('Ausflug');
    expect(uploadTopic('   ')).toBeNull();
    expect(slotIdOf('12')).toBe(12);
    expect(slotIdOf('0')).toBeNull();
    expect(slotIdOf('1x')).toBeNull();
    expect(slotIdOf(null)).toBeNull();
  });
});

describe('uploadInSequence', () => {
  it('sends one file after the other and reports progress', async () => {
    const events: string[] = [];
    const progress: UploadProgress[] = [];
    await uploadInSequence(
      [{ name: 'a.pdf' }, { name: 'b.png' }],
      async (file, position) => {
        events.push(`start ${file.name} ${position.index + 1}/${position.count}`);
        await Promise.resolve();
        events.push(`end ${file.name}`);
      },
      (value) => progress.push(value),
    );
    expect(events).toEqual(['start a.pdf 1/2', 'end a.pdf', 'start b.png 2/2', 'end b.png']);
    expect(progress.map(progressPercent)).toEqual([0, 50, 100]);
  });

  it('stops at the first failure', async () => {
    const sent: string[] = [];
    await expect(
      uploadInSequence(
        [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
        async (file) => {
          sent.push(file.name);
          if (file.name === 'b') throw new Error('kaputt');
        },
        () => {},
      ),
    ).rejects.toThrow('kaputt');
    expect(sent).toEqual(['a', 'b']);
  });
});
