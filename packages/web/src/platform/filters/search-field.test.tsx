import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { validationMessages } from '@hortus/contract';
import { SearchField, validSearch } from './search-field';

afterEach(cleanup);

describe('SearchField', () => {
  it('checks the search text with the name rule (business.md 5) and searches for nothing while it breaks it', () => {
    render(<SearchField value="Müller <script>" onChange={() => undefined} />);
    expect(screen.getByText(validationMessages.charset)).toBeTruthy();
    expect(screen.getByLabelText('Suche').getAttribute('aria-invalid')).toBe('true');
    expect(validSearch('Müller <script>')).toBe('');
    expect(validSearch('Müller-Lüdenscheidt')).toBe('Müller-Lüdenscheidt');
  });

  it('shows no message for an ordinary search', () => {
    render(<SearchField value="Druckerpapier 2026" onChange={() => undefined} />);
    expect(screen.queryByText(validationMessages.charset)).toBeNull();
  });
});
