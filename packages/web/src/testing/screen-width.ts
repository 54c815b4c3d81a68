import { vi } from 'vitest';

/** A screen of a given width: max-width media queries answer as a browser of that width would (restore the spy after). */
export function screenOf(width: number) {
  return vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const limit = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: limit !== null && width <= Number(limit[1]),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
