import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { dashboardMessages } from '@hortus/contract/modules/dashboard';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { DashboardPage } from './dashboard-page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../platform/api/client', () => ({ call }));

beforeEach(() => call.mockReset());
afterEach(cleanup);

describe('/000 without a dashboard on the device', () => {
  it('says it could not be loaded (not that there are no messages) and loads again on request', async () => {
    call.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText(dashboardMessages.loadFailed)).toBeTruthy();
    expect(screen.queryByText(dashboardMessages.noMessages)).toBeNull();
    call.mockResolvedValue({ status: 'success', save: { settings: {}, widgets: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.getByText(dashboardMessages.noWidgets)).toBeTruthy());
  });
});
