import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { childrenModule } from '@hortus/contract/modules/children';
import { customersModule } from '@hortus/contract/modules/customers';
import { OfflineBanner, useDismissibleOfflineBanner } from './offline-banner';
import { setOffline } from './offline-store';
import { messages } from '@hortus/contract/messages';

function DismissiblePage() {
  useDismissibleOfflineBanner();
  return null;
}

describe('OfflineBanner', () => {
  afterEach(() => {
    cleanup();
    act(() => setOffline(false));
  });

  it('shows the banner without "verstanden" on ordinary pages', () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => setOffline(true));
    expect(screen.getByTestId('offline-banner').textContent).toContain('KEINE NETZWERKVERBINDUNG');
    expect(screen.queryByRole('button', { name: 'verstanden' })).toBeNull();
  });

  it('on pages that ask for it, "verstanden" leaves a thin bar until the connection is back', () => {
    render(
      <>
        <DismissiblePage />
        <OfflineBanner text={messages.offlineBannerSchool} />
      </>,
    );
    act(() => setOffline(true));
    expect(screen.getByTestId('offline-banner').textContent).toBe(`${messages.offlineBannerSchool}verstanden`);
    expect(messages.offlineBannerSchool).toBe(
      'KEINE NETZWERKVERBINDUNG. Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'verstanden' }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.getByTestId('offline-bar')).toBeTruthy();
    act(() => setOffline(false));
    expect(screen.queryByTestId('offline-bar')).toBeNull();
    act(() => setOffline(true));
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
  });

  it("shows a module's banner exactly as its specification words it (200: '. ', 410: ' - ')", () => {
    const { rerender } = render(<OfflineBanner text={childrenModule.offlineBanner} />);
    act(() => setOffline(true));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'KEINE NETZWERKVERBINDUNG. Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
    );
    rerender(<OfflineBanner text={customersModule.offlineBanner} />);
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'KEINE NETZWERKVERBINDUNG - Die angezeigten Daten können veraltet sein. Bevor Änderungen vorgenommen werden, vergewissern Sie sich, dass die Daten aktuell sind.',
    );
  });
});
