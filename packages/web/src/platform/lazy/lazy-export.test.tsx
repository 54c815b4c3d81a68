import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../error/error-boundary';
import { lazyExport } from './lazy-export';

describe('lazyExport', () => {
  afterEach(cleanup);

  it('loads the file only when the component is first rendered, and renders the named export', async () => {
    const load = vi.fn(async () => ({ SecondPage: () => <p>Zweite Seite</p>, OtherPage: () => <p>Andere</p> }));
    const Page = lazyExport(load, 'SecondPage');
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>Wird geladen…</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Wird geladen…')).toBeDefined();
    expect(await screen.findByText('Zweite Seite')).toBeDefined();
    expect(screen.queryByText('Andere')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load (React.lazy would keep the failure until a full reload)', async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { ParentsPage: () => <p>Eltern</p> };
    });
    const Page = lazyExport(load, 'ParentsPage');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary inPage>
        <Suspense fallback={<p>Wird geladen…</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByText(/Die Seite konnte nicht geladen werden/)).toBeDefined();
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Eltern')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });
});
