import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { idCardMessages, type ChildView, type IdCardView } from '@hortus/contract/modules/children';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { IdCardPanel } from './id-card-panel';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));
const createIdCard = vi.hoisted(() => vi.fn());
vi.mock('../api/id-cards', async (importOriginal) => ({ ...(await importOriginal<object>()), createIdCard }));

const card = (gesichtErkannt: boolean): IdCardView => ({
  id: 1,
  id_kind: 7,
  design: 1,
  gesichtauto: true,
  gesichtErkannt,
  faktor: 80,
  offsetx: 0,
  offsety: 0,
  qrCodes: [{ id: 1, idTyp: 1, breite: 25, offsetx: 8, offsety: 3 }],
  ausschnitt: { left: 0, top: 0, width: 10, height: 10 },
  fotoBreite: 10,
  fotoHoehe: 10,
  qrInhalt: '200|7|1|x',
  vorschau: 'data:image/jpeg;base64,',
  erstellt: '29.11.2026',
});

const renderPanel = (id: number) =>
  renderWithProviders(<IdCardPanel child={{ id, name: 'Mia Muster' } as ChildView} disabled={false} />);
const number = (label: string) => screen.getByRole('spinbutton', { name: label }) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  call.mockReset();
  call.mockResolvedValue({ status: 'success', karte: null });
  createIdCard.mockReset();
});
afterEach(cleanup);

describe('IdCardPanel', () => {
  it('a photo without a face is made into a card with the red note „Es wurde kein Gesicht erkannt.“ (school.md 4.6)', async () => {
    createIdCard.mockResolvedValue({ status: 'success', gesichtErkannt: false, neuIDCard: card(false) });
    renderPanel(7);
    await screen.findByRole('button', { name: 'Foto wählen' });
    fireEvent.change(screen.getByTestId('file-picker-input'), {
      target: { files: [new File(['jpeg'], 'landschaft.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Karte erstellen' }));
    expect((await screen.findByTestId('no-face')).textContent).toBe(idCardMessages.noFace);
  });

  it('the QR code settings of the last card stay on the device for the next one (school.md 7, issue 47)', async () => {
    createIdCard.mockResolvedValue({ status: 'success', gesichtErkannt: true, neuIDCard: card(true) });
    renderPanel(7);
    await screen.findByRole('button', { name: 'Foto wählen' });
    fireEvent.change(number('Breite (%)'), { target: { value: '25' } });
    fireEvent.change(number('Abstand rechts (%)'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('file-picker-input'), {
      target: { files: [new File(['jpeg'], 'mia.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Karte erstellen' }));
    await screen.findByTestId('id-card-preview');
    expect(createIdCard.mock.calls[0]?.[1]).toMatchObject({ qrCodes: [{ breite: 25, offsetx: 8 }] });
    cleanup();

    renderPanel(8);
    await screen.findByRole('button', { name: 'Foto wählen' });
    await waitFor(() => expect(number('Breite (%)').value).toBe('25'));
    expect(number('Abstand rechts (%)').value).toBe('8');
  });
});
