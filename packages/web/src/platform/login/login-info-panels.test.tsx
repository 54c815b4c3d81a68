import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { exampleFacility } from '@hortus/contract';
import { facilityPanelTitle, LoginInfoPanels } from './login-info-panels';

afterEach(cleanup);

const facility = exampleFacility;

describe('login info panels', () => {
  it("shows the facility first as 'Kontakt und Öffnungszeiten', then the infos", () => {
    render(<LoginInfoPanels infos={[{ titel: 'Datenschutz', text: 'Nur für den Hort.' }]} facility={facility} />);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual([facilityPanelTitle, 'Datenschutz']);
    fireEvent.click(screen.getByRole('button', { name: facilityPanelTitle }));
    const details = screen.getByTestId('login-facility');
    expect(details.textContent).toContain('Lindenweg 12');
    expect(details.textContent).toContain('01099 Dresden');
    expect(details.textContent).toContain('Montag bis Freitag 11:30 – 17:00 Uhr');
    expect(screen.getByRole('link', { name: '0351 123456' }).getAttribute('href')).toBe('tel:0351123456');
    expect(screen.getByRole('link', { name: facility.email }).getAttribute('href')).toBe(`mailto:${facility.email}`);
  });

  it('shows nothing without infos and facility', () => {
    render(<LoginInfoPanels infos={[]} />);
    expect(screen.queryByTestId('login-infos')).toBeNull();
  });
});
