import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

// Hydrants are checked in the field: the journey runs on a phone. The map has no tiles (HYDRANT_TILE_URL=none).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function openMap(page: Page): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/310');
  await expect(page.locator('.leaflet-container')).toBeVisible();
}

test('add a hydrant by picking its position, record an urgent defect, see it in the findings, reset all', async ({
  page,
}) => {
  await openMap(page);
  // The demo register is drawn as clusters or markers, never as 300 DOM markers at once.
  await expect(page.locator('.hydrant-cluster, .hydrant-marker').first()).toBeVisible();
  expect(await page.locator('.leaflet-marker-icon').count()).toBeLessThan(150);

  // Position picking: the map centre becomes the position of the new hydrant.
  await page.getByRole('button', { name: 'Hydrant hinzufügen' }).click();
  await expect(page).toHaveURL(/setLocation=1/);
  await expect(page.getByTestId('map-centre')).toBeVisible();
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page).toHaveURL(/\/310-030\?h=0&lat=[\d.]+&lon=[\d.]+&t=0/);

  await expect(page.getByRole('tab', { name: 'Position' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Breitengrad')).not.toHaveValue('');
  // Reverse lookup (local stand-in of the map-data service) fills the address.
  await page.getByRole('button', { name: 'Adresse ermitteln' }).click();
  await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('Hauptstraße');
  await expect(page.getByRole('textbox', { name: 'Hausnummer' })).toHaveValue('12');
  // An emptied street and Durchmesser are refused on the first Speichern, in the browser, in German and
  // naming the field; the position tab with the street's error is shown first.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/310/')) saves.push(request.url());
  });
  await page.getByRole('textbox', { name: 'Straße' }).fill('');
  await page.getByRole('tab', { name: 'Eigenschaften' }).click();
  await page.getByLabel('Durchmesser (mm)').fill('');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('tab', { name: 'Position' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveAccessibleDescription('Bitte angeben.');
  await page.getByRole('tab', { name: 'Eigenschaften' }).click();
  await expect(page.getByLabel('Durchmesser (mm)')).toHaveAccessibleDescription(
    'Bitte einen Durchmesser zwischen 0 und 1000 mm angeben.',
  );
  await expect(page.getByText(/Ungültige Eingabe/)).toHaveCount(0);
  expect(saves).toEqual([]);
  await page.getByLabel('Durchmesser (mm)').fill('100');
  await page.getByRole('tab', { name: 'Position' }).click();
  await page.getByRole('textbox', { name: 'Straße' }).fill('Teststraße');
  await page.getByRole('textbox', { name: 'Hausnummer' }).fill('7');
  await page.getByRole('textbox', { name: 'PLZ' }).fill('01445');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Radebeul');
  await page.getByRole('tab', { name: 'Eigenschaften' }).click();
  await expect(page.getByLabel('Lage', { exact: true })).toHaveValue('Gehweg');
  await expect(page.getByLabel('Lage des Schilds')).toHaveValue('Laterne');
  await expect(page.getByLabel('Durchmesser (mm)')).toHaveValue('100');
  await page.getByLabel('Hydrantennummer').fill('12ab');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte nur Ziffern angeben.')).toBeVisible();
  await page.getByLabel('Hydrantennummer').fill('99999');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Hydrant erfolgreich gespeichert!')).toBeVisible();
  await expect(page).toHaveURL(/\/310\?lat=/);

  // The new hydrant on the map: unchecked, no defect. Its popup saves a defect at once.
  const marker = page.getByTitle('Hydrant 99999');
  await expect(marker).toHaveClass(/hydrant-status2(\s|$)/);
  await marker.click();
  const popup = page.getByTestId('hydrant-popup');
  await expect(popup).toBeVisible();
  await popup.getByText('03 Hydrant überbaut oder nicht auffindbar').click();
  await expect(popup.getByLabel('03 Hydrant überbaut oder nicht auffindbar')).toBeChecked();
  // The answer's neuStatus (checked) is applied and the icon rebuilt with the alert and the cross.
  await expect(popup.getByRole('button', { name: 'geprüft', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTitle('Hydrant 99999')).toHaveClass(/hydrant-status1-alert-cross/);

  // Urgent findings on the search tab.
  await page.goto('/310-020');
  await expect(page.getByRole('list', { name: 'Dringende Mängel' })).toContainText('Hydrant 99999 – Teststraße 7');
  await page.getByLabel('Suche nach Straße und Nummer').fill('Teststraße 7');
  await expect(page.getByRole('list', { name: 'Suchergebnisse' })).toContainText('Hydrant 99999');
  await expect(page.getByTestId('hydrant-counts')).not.toContainText(/^0 von/);

  // Settings: every hydrant back to unchecked.
  await page.goto('/310-100');
  await page.getByRole('button', { name: 'Alle Hydranten auf „ungeprüft“ setzen' }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Alle Hydranten sind nun "ungeprüft".')).toBeVisible();
  await page.goto('/310-020');
  await expect(page.getByTestId('hydrant-counts')).toContainText(/^0 von \d+ Hydranten geprüft$/);
});

test('moving a hydrant: edit mode adopts the map centre; an offline defect is sent later; the device location reports a refusal', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await openMap(page);
  await page.goto('/310-020');
  await page.getByLabel('Suche nach Straße und Nummer').fill('Hauptstraße');
  await page.getByRole('list', { name: 'Suchergebnisse' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/310-030\?h=\d+&t=1/);
  const id = /h=(\d+)/.exec(page.url())?.[1] ?? '';
  const before = await page.getByLabel('Breitengrad').inputValue();

  await page.goto(`/310?h=${id}`);
  await expect(page.getByTestId('map-centre')).toBeVisible();
  const map = page.locator('.leaflet-container');
  // The map is ready once its markers are drawn (the edit view is set before they are).
  await expect(page.getByTitle(/^Hydrant|Hydranten$/).first()).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  // Drag the map down by 120 px; the drag counts once the map pane stays moved (a drag that landed
  // while Leaflet was still settling the start view is repeated).
  const pane = page.locator('.leaflet-map-pane');
  await expect(async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 120, { steps: 8 });
    await page.mouse.up();
    // The pane has moved, or the drag is repeated: a state, polled briefly, not a pause.
    await expect(pane).not.toHaveAttribute('style', /translate3d\(0px, 0px/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText('Hydrant erfolgreich gespeichert!')).toBeVisible();
  await expect(page).toHaveURL('/310');

  await page.goto(`/310-030?h=${id}`);
  await expect(page.getByLabel('Breitengrad')).not.toHaveValue(before);

  // Offline in the field: the defect waits on the device and is sent when the connection is back.
  await page.goto(`/310-030?h=${id}`);
  const nummer = await page.getByLabel('Hydrantennummer').inputValue();
  await page.goto(
    `/310?lat=${await page.getByLabel('Breitengrad').inputValue()}&lon=${await page.getByLabel('Längengrad').inputValue()}`,
  );
  await page.getByTitle(`Hydrant ${nummer}`).click();
  await context.setOffline(true);
  await page.getByTestId('hydrant-popup').getByText('13 Nicht prüfbar (zugeparkt oder überdeckt)').click();
  await expect(
    page.getByText('Keine Verbindung: Die Änderung wird gesendet, sobald das Gerät wieder online ist.'),
  ).toBeVisible();
  await expect(page.getByTitle(`Hydrant ${nummer}`)).toHaveClass(/-question/);
  await context.setOffline(false);
  await expect(page.getByText('1 offline erfasste Änderung gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByTitle(`Hydrant ${nummer}`)).toHaveClass(/hydrant-status1-alert-question/);

  // Address search on the map (forward lookup); an unknown address reads German.
  await page.goto('/310');
  await page.getByRole('textbox', { name: 'Adresse suchen' }).fill('Nirgendwo 1');
  await page.getByRole('textbox', { name: 'Adresse suchen' }).press('Enter');
  await expect(page.getByText('Es konnten keine Koordinaten aus der Adresse ermittelt werden.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Adresse suchen' }).fill('Hauptstraße 12, Radebeul');
  await page.getByRole('textbox', { name: 'Adresse suchen' }).press('Enter');

  // Geolocation denied: the spec's message.
  await page.getByRole('button', { name: 'Standort ermitteln' }).click();
  await expect(page.getByText('Standortermittlung ist nicht aktiviert.')).toBeVisible();
});
