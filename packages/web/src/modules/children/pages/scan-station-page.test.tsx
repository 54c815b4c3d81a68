import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { SCAN_SETTINGS_KEY } from '../logic/scan-settings';
import { ScanStationPage } from './scan-station-page';

vi.mock('../api/children', () => ({ useChildren: () => ({ data: undefined, refetch: () => undefined }) }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const field = () => screen.getByRole('spinbutton', { name: 'Neu laden alle (Sekunden)' }) as HTMLInputElement;
const start = () => screen.getByRole('button', { name: 'Scan-Station starten' }) as HTMLButtonElement;

describe('scan station settings', () => {
  it('a reload below 30 s is named on the field and not started with, instead of silently becoming 30 s (issue 47)', () => {
    renderWithProviders(<ScanStationPage />);
    fireEvent.change(field(), { target: { value: '10' } });
    expect(field().value).toBe('10');
    expect(screen.getByText('Mindestens 30 Sekunden: öfter lädt die Scan-Station nicht neu.')).toBeTruthy();
    expect(start().disabled).toBe(true);

    // Typing 45 goes through 4, which is no reason to replace the digits.
    fireEvent.change(field(), { target: { value: '4' } });
    fireEvent.change(field(), { target: { value: '45' } });
    expect(start().disabled).toBe(false);
    fireEvent.click(start());
    expect(JSON.parse(localStorage.getItem(SCAN_SETTINGS_KEY) ?? '{}')).toMatchObject({ reloadSeconds: 45 });
  });
});
