import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ReleaseTimesEditor, type ReleaseTimes } from './release-times-editor';

const classes = [
  { id: 1, name: '1a' },
  { id: 2, name: '2b' },
];

/** The editor inside a holder that applies each change, like both settings pages do. */
function Holder({ initial, seen }: { initial: ReleaseTimes; seen: ReleaseTimes[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ReleaseTimesEditor
      value={value}
      classes={classes}
      onChange={(change) => {
        const next = { ...value, ...change };
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('release times editor (200 Allgemein and 210 settings)', () => {
  afterEach(cleanup);

  it('switches a time’s conditions on, removes a time, and adds none without a time', () => {
    const seen: ReleaseTimes[] = [];
    render(
      <Holder
        initial={{ moeglicheEntlasszeiten: ['12:00', '14:30'], moeglicheEntlasszeiten_bedingungen: {} }}
        seen={seen}
      />,
    );
    expect(screen.getByText('12:00 Uhr')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Entlasszeit hinzufügen' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getAllByRole('switch', { name: 'Bedingungen' })[0] as HTMLElement);
    expect(seen.at(-1)?.moeglicheEntlasszeiten_bedingungen['12:00']).toMatchObject({ aktiv: true, klassen: [] });
    expect(screen.getByLabelText('Nur für Klassen (leer: alle)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Entlasszeit 14:30 entfernen' }));
    expect(seen.at(-1)?.moeglicheEntlasszeiten).toEqual(['12:00']);
    expect(screen.queryByText('14:30 Uhr')).toBeNull();
  });
});
