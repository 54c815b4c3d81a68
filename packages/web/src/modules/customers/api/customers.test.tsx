import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useWithheldTabs } from '../../../platform/module-page/withheld-tabs';
import {
  COSTS_TAB,
  RECEIVABLES_TAB,
  customerKeys,
  customerQueryOptions,
  keepOffline,
  storedCostYear,
  useCustomerData,
} from './customers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dataOffline', () => {
  it('keeps the module data on the device only while dataOffline is on', () => {
    expect(keepOffline({ settings: { dataOffline: true } })).toBe(true);
    expect(keepOffline({ settings: { dataOffline: false } })).toBe(false);
    expect(keepOffline(undefined)).toBe(false);
    expect(customerQueryOptions().meta?.keepOnDevice).toBe(keepOffline);
  });

  it('keys the data by the cost year, by default the stored filter year (this year without one)', () => {
    localStorage.clear();
    expect(customerQueryOptions().queryKey).toEqual(['customers', new Date().getFullYear()]);
    expect(customerQueryOptions(2024).queryKey).toEqual(['customers', 2024]);
    localStorage.setItem('kostenFilter', JSON.stringify({ jahr: 2023, kostenstellen: null }));
    expect(customerQueryOptions().queryKey).toEqual(customerKeys.year(2023));
    localStorage.clear();
  });
});

describe('useCustomerData', () => {
  function loaded(istKunde: boolean) {
    // The refetch on mount never answers: the test looks at the data already loaded.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const queryClient = new QueryClient();
    queryClient.setQueryData(customerKeys.year(storedCostYear()), { istKunde });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(
      () => {
        useCustomerData();
        return useWithheldTabs('410');
      },
      { wrapper },
    );
  }

  it("withholds the 'Kosten' tab from a customer, not from staff", async () => {
    const customer = loaded(true);
    await waitFor(() => expect(customer.result.current).toEqual([COSTS_TAB, RECEIVABLES_TAB]));
    customer.unmount();
    const staff = loaded(false);
    await waitFor(() => expect(staff.result.current).toEqual([]));
  });
});
