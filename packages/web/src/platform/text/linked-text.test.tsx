import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { linkParts, safeHref } from './link-parts';
import { LinkedText } from './linked-text';

afterEach(cleanup);

describe('linkParts', () => {
  it('finds http, https and mailto addresses and leaves sentence punctuation outside', () => {
    expect(linkParts('Infos: https://hort.example/plan?a=1. Fragen an mailto:info@hort.example!')).toEqual([
      { kind: 'text', text: 'Infos: ' },
      { kind: 'link', text: 'https://hort.example/plan?a=1', href: 'https://hort.example/plan?a=1' },
      { kind: 'text', text: '. Fragen an ' },
      { kind: 'link', text: 'mailto:info@hort.example', href: 'mailto:info@hort.example' },
      { kind: 'text', text: '!' },
    ]);
    expect(linkParts('(siehe http://a.de)')).toEqual([
      { kind: 'text', text: '(siehe ' },
      { kind: 'link', text: 'http://a.de', href: 'http://a.de/' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes javascript:, data: or other schemes a link', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://x.de',
      'tel:123',
    ]) {
      expect(linkParts(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });

  it('keeps the whole text and yields only safe links, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('https://a.de/x', 'javascript:x', 'mailto:a@b.de', ' ', '.'))),
        (pieces) => {
          const text = pieces.join('');
          const parts = linkParts(text);
          expect(parts.map((part) => part.text).join('')).toBe(text);
          for (const part of parts) {
            if (part.kind === 'link') expect(new URL(part.href).protocol).toMatch(/^(https?|mailto):$/);
          }
        },
      ),
    );
  });
});

describe('LinkedText', () => {
  it('renders safe links opening in a new tab and everything else as plain text', () => {
    const { container } = render(
      <LinkedText text={'<img src=x onerror=alert(1)> javascript:alert(1) https://hort.example/a'} />,
    );
    const link = screen.getByRole('link', { name: 'https://hort.example/a' });
    expect(link.getAttribute('href')).toBe('https://hort.example/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> javascript:alert(1) https://hort.example/a');
  });
});
