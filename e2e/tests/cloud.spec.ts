import { expect, test } from './test';
import { cloudMessages } from '@hortus/contract/modules/cloud';
import { demo } from '../fixtures';
import { login } from './helpers';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('leitung creates a slot, uploads two files under a topic, downloads one and deletes the topic', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/130');
  await expect(page.getByRole('heading', { name: 'Dateien' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Slot Elternbriefe' })).toBeVisible();

  // New slot: the sort prefix starts with the current year.
  await page.getByRole('button', { name: 'Slot hinzufügen' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Neuer Slot' });
  await expect(editDialog.getByLabel('Sortierung')).toHaveValue(String(new Date().getFullYear()));
  await editDialog.getByLabel('Name').fill('Ausflug Zoo');
  await editDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(cloudMessages.slotSaved)).toBeVisible();
  const card = page.getByRole('article', { name: 'Slot Ausflug Zoo' });
  await expect(card).toBeVisible();

  // QR code PDF for slot admins, named 'QR-Code-' + slot name.
  await card.getByRole('button', { name: 'Menü Ausflug Zoo' }).click();
  const qrDownloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'QR-Code herunterladen' }).click();
  const qrDownload = await qrDownloadPromise;
  expect(qrDownload.suggestedFilename()).toBe('QR-Code-Ausflug Zoo.pdf');

  // The slot dialog (?s=) and the upload: a topic is required, two files go one after the other.
  await card.getByRole('button', { name: /^Ausflug Zoo / }).click();
  await expect(page).toHaveURL(/\/130\?s=\d+$/);
  const slotDialog = page.getByRole('dialog', { name: /Ausflug Zoo/ });
  await expect(slotDialog.getByText(cloudMessages.noFiles)).toBeVisible();
  await slotDialog.getByRole('button', { name: 'Hochladen' }).click();
  const uploadDialog = page.getByRole('dialog', { name: 'Dateien hochladen' });
  await uploadDialog.locator('input[type=file]').setInputFiles([
    { name: 'Einladung.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'Lageplan.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(uploadDialog.getByRole('list', { name: 'Ausgewählte Dateien' }).getByRole('listitem')).toHaveCount(2);
  await uploadDialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(page.getByText(cloudMessages.topicMissing)).toBeVisible();
  await uploadDialog.getByRole('combobox', { name: 'Thema' }).fill('Elternabend');
  await uploadDialog.getByRole('button', { name: 'Hochladen' }).click();
  await expect(uploadDialog).toBeHidden();
  const topic = slotDialog.getByRole('region', { name: 'Thema Elternabend' });
  await expect(topic.getByText('Einladung.pdf')).toBeVisible();
  await expect(topic.getByText('Lageplan.png')).toBeVisible();
  await page.screenshot({ path: 'artifacts/cloud-slot.png', fullPage: true });

  // Download through ./_api/data/download.php.
  const downloadPromise = page.waitForEvent('download');
  await topic.getByText('Einladung.pdf').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Einladung.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe(pdf.toString());

  // Delete the whole topic after the confirmation.
  await topic.getByRole('button', { name: 'Thema Elternabend löschen' }).click();
  await page.getByRole('dialog', { name: 'Sicher?' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(slotDialog.getByText(cloudMessages.noFiles)).toBeVisible();
  await expect(topic).toBeHidden();

  // Closing returns to /130.
  await slotDialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(page).toHaveURL(/\/130$/);
  await expect(card).toBeVisible();
});

test('erzieher sees the staff slots but may neither add nor manage them', async ({ page }) => {
  await login(page, demo.erzieher);
  await expect(page).not.toHaveURL('/');
  await page.goto('/130');
  await expect(page.getByRole('article', { name: 'Slot Team intern' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Slot hinzufügen' })).toBeHidden();
  await page.getByRole('button', { name: 'Menü Team intern' }).click();
  await expect(page.getByRole('menuitem', { name: 'Öffnen' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Löschen' })).toBeHidden();
});

test('leitung sets the default conditions on /130-set; a new slot starts with them', async ({ page }) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/130-set');
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  const seeing = page.getByRole('group', { name: 'Sehen' });
  await expect(seeing.getByRole('checkbox', { name: 'Personal' })).toBeChecked();
  await seeing.getByRole('checkbox', { name: 'Kunden' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(cloudMessages.settingsSaved)).toBeVisible();

  await page.goto('/130');
  await page.getByRole('button', { name: 'Slot hinzufügen' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Neuer Slot' });
  await expect(
    editDialog.getByRole('group', { name: 'Sehen' }).getByRole('checkbox', { name: 'Kunden' }),
  ).toBeChecked();
  await expect(
    editDialog.getByRole('group', { name: 'Sehen' }).getByRole('checkbox', { name: 'Eltern' }),
  ).not.toBeChecked();
  // Leaving a changed dialog asks first; 'Weiter bearbeiten' keeps the input, 'Verwerfen' closes.
  await editDialog.getByLabel('Name').fill('Nur ein Entwurf');
  await editDialog.getByRole('button', { name: 'Abbrechen' }).click();
  const discard = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(discard).toBeHidden();
  await expect(editDialog.getByLabel('Name')).toHaveValue('Nur ein Entwurf');
  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Verwerfen' }).click();
  await expect(editDialog).toBeHidden();
});
