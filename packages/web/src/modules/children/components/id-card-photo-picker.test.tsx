import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { idCardCalls, idCardMessages, qrCoversText, type ChildView } from '@hortus/contract/modules/children';
import { ApiError } from '../../../platform/api/errors';
import { AlertProvider } from '../../../platform/alert/alert-provider';
import { SavingProvider } from '../../../platform/saving/saving-provider';
import { IdCardPanel } from './id-card-panel';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

const child = { id: 7, name: 'Mia Muster' } as ChildView;

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <SavingProvider>{children}</SavingProvider>
      </AlertProvider>
    </QueryClientProvider>
  );
  render(<IdCardPanel child={child} disabled={false} />, { wrapper });
}

const choose = (file: File) => fireEvent.change(screen.getByTestId('file-picker-input'), { target: { files: [file] } });

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ status: 'success', karte: null });
});
afterEach(cleanup);

describe('ID card photo picker', () => {
  it('a PNG is refused at once with the JPEG message, and nothing is sent', async () => {
    renderPanel();
    const picker = await screen.findByRole('button', { name: 'Foto wählen' });
    expect(screen.getByTestId('file-picker-input').getAttribute('accept')).toBe('image/jpeg');
    choose(new File(['png'], 'kind.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(idCardMessages.jpegOnly);
    expect(picker.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(screen.getByText('Kein Foto gewählt (nur JPEG)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Karte erstellen' }));
    await waitFor(() => expect(screen.getByText(idCardMessages.photoRequired)).toBeTruthy());
    expect(call).toHaveBeenCalledTimes(1); // only the card's load
  });

  it('a JPEG is taken and its name shown', async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Foto wählen' });
    choose(new File(['jpeg'], 'kind.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('kind.jpg')).toBeTruthy();
    expect(screen.queryByText(idCardMessages.jpegOnly)).toBeNull();
  });

  it('a .txt is refused at once with the JPEG message and never sent', async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Foto wählen' });
    choose(new File(['hallo'], 'notiz.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe(idCardMessages.jpegOnly);
    expect(screen.getByText('Kein Foto gewählt (nur JPEG)')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(1); // only the card's load
  });
});

/** The helper text under a labelled number field. */
const messageOf = (label: string) => {
  const input = screen.getByRole('spinbutton', { name: label });
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

describe('ID card QR code position', () => {
  it('a QR code over the text is marked on „Abstand rechts“ before anything is sent', async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Foto wählen' });
    choose(new File(['jpeg'], 'kind.jpg', { type: 'image/jpeg' }));
    const covering = Array.from({ length: 61 }, (_, x) => x).find((x) =>
      qrCoversText({ breite: 20, offsetx: x, offsety: 3 }),
    );
    expect(covering).toBeDefined();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Abstand rechts (%)' }), {
      target: { value: String(covering) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Karte erstellen' }));
    await waitFor(() => expect(messageOf('Abstand rechts (%)')).toBe(idCardMessages.qrOverText));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('the server’s refusal of a QR field lands on that field', async () => {
    call.mockImplementation((spec: unknown) =>
      spec === idCardCalls.createKarte
        ? Promise.reject(
            new ApiError('validationError', 'Ungültige Eingabe.', 400, { 'qrCodes.0.offsety': ['Höchstens 60 %.'] }),
          )
        : Promise.resolve({ status: 'success', karte: null }),
    );
    renderPanel();
    await screen.findByRole('button', { name: 'Foto wählen' });
    choose(new File(['jpeg'], 'kind.jpg', { type: 'image/jpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Karte erstellen' }));
    await waitFor(() => expect(messageOf('Abstand unten (%)')).toBe('Höchstens 60 %.'));
  });
});
