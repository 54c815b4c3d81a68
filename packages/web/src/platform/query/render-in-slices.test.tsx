import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useDataRenderedInSlices } from './render-in-slices';

function Page({ data, log }: { data: string | undefined; log: string[] }) {
  const shown = useDataRenderedInSlices(data);
  log.push(shown ?? 'loading');
  return <p>{shown ?? 'loading'}</p>;
}

describe('useDataRenderedInSlices', () => {
  afterEach(cleanup);

  it('renders data that is there at the first render one (deferred) render later', async () => {
    const log: string[] = [];
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(<Page data="Liste" log={log} />);
    });
    expect(log[0]).toBe('loading');
    expect(log.at(-1)).toBe('Liste');
    expect(view.container.textContent).toBe('Liste');
  });

  it('defers only the first arrival: later changes render at once, without a loading render', async () => {
    const log: string[] = [];
    let view!: ReturnType<typeof render>;
    await act(async () => {
      view = render(<Page data={undefined} log={log} />);
    });
    expect(view.container.textContent).toBe('loading');
    await act(async () => {
      view.rerender(<Page data="eins" log={log} />);
    });
    expect(view.container.textContent).toBe('eins');
    log.length = 0;
    await act(async () => {
      view.rerender(<Page data="zwei" log={log} />);
    });
    expect(log).toEqual(['zwei']);
    expect(view.container.textContent).toBe('zwei');
  });
});
