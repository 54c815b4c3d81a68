import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AlertProvider } from '../alert/alert-provider';
import { SavingProvider } from '../saving/saving-provider';

/**
 * Component tests: renders a screen part with what the app puts around it (queries without retries,
 * alerts, the saving overlay, a router). Returns the query client too, to seed cached data.
 */
export function renderWithProviders(
  ui: ReactElement,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <AlertProvider>
          <SavingProvider>{children}</SavingProvider>
        </AlertProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  return { ...render(ui, { wrapper }), queryClient };
}
