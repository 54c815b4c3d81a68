import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { StatusLegend } from './status-legend';

afterEach(cleanup);

describe('StatusLegend', () => {
  it('names every status in order', () => {
    render(<StatusLegend />);
    const items = within(screen.getByRole('list', { name: 'Legende der Status' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Ohne Status', 'Anwesend', 'Entschuldigt', 'Abwesend']);
  });
});
