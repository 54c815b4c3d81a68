import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { hydrantMessages } from '@hortus/contract/modules/hydrants';
import { ApiError, NetworkError } from '../../../platform/api/errors';
import { WithHydrants } from './hydrant-data';

const query = vi.hoisted(() => ({ current: {} as { error: Error | null; isError: boolean; data: undefined } }));
vi.mock('../api/hydrants', () => ({ useHydrants: () => query.current }));

afterEach(cleanup);

describe('WithHydrants', () => {
  it("a refused register (the settings right 310|010 alone) says 'Zugriff verweigert' (business.md 2.6)", () => {
    query.current = { error: new ApiError('noRight', 'Zugriff verweigert', 403), isError: true, data: undefined };
    render(<WithHydrants>{() => 'Karte'}</WithHydrants>);
    expect(screen.getByTestId('access-denied').textContent).toBe('Zugriff verweigert');
    expect(screen.queryByText(hydrantMessages.loadFailed)).toBeNull();
  });

  it('a failed load says the load failure', () => {
    query.current = { error: new NetworkError(), isError: true, data: undefined };
    render(<WithHydrants>{() => 'Karte'}</WithHydrants>);
    expect(screen.getByRole('alert').textContent).toBe(hydrantMessages.loadFailed);
  });
});
