import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
});
