import { expect, test } from './test';
import { moneyMessages } from '@hortus/contract';
import { demo } from '../fixtures';
import { login } from './helpers';

test('the fee office sets up a scope, a day of the menu and a mandate in dialogs that name wrong input on its field, then bills the month', async ({
  page,
}) => {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/220');
  const children = page.getByTestId('fees-children');
  await expect(children.getByRole('heading', { name: 'Betreuungsumfänge und Kinder' })).toBeVisible();

  // A care scope: a wrong amount is named on its field and nothing is saved.
  await children.getByRole('button', { name: 'Neuer Umfang' }).click();
  const scope = page.getByRole('dialog');
  await scope.getByRole('textbox', { name: 'Bezeichnung' }).fill('Ferienhort ganztags');
  await scope.getByRole('textbox', { name: 'Monatsbetrag (€)' }).fill('12x');
  await scope.getByRole('button', { name: 'Speichern' }).click();
  await expect(scope.getByRole('textbox', { name: 'Monatsbetrag (€)' })).toHaveAccessibleDescription(
    moneyMessages.amount,
  );
  await scope.getByRole('textbox', { name: 'Monatsbetrag (€)' }).fill('210,00');
  await scope.getByRole('button', { name: 'Speichern' }).click();
  await expect(scope).toBeHidden();
  await expect(children.getByText(/^Ferienhort ganztags: 210,00 € ab \d\d\/\d{4}$/)).toBeVisible();

  // A day of the menu: the day's dishes are kept, one more with its allergens is added.
  const menu = page.getByTestId('fees-menu');
  await menu.getByRole('button', { name: 'Tag eintragen' }).click();
  const day = page.getByRole('dialog');
  await day.getByRole('button', { name: 'Gericht', exact: true }).click();
  await day.getByRole('textbox', { name: 'Gericht' }).last().fill('Kartoffelsuppe mit Würstchen');
  await day.getByRole('combobox', { name: 'Allergene' }).last().click();
  await page.getByRole('option', { name: 'L – Sellerie' }).click();
  await page.getByRole('option', { name: 'M – Senf' }).click();
  await page.keyboard.press('Escape');
  await day.getByRole('button', { name: 'Speichern' }).click();
  await expect(day).toBeHidden();
  await expect(menu.getByText(/Kartoffelsuppe mit Würstchen \(L, M\)/)).toBeVisible();

  // A SEPA mandate: a wrong IBAN is named on its field; the saved mandate gets its reference.
  const mandates = page.getByTestId('fees-mandates');
  await mandates.getByRole('button', { name: 'Neues Mandat' }).click();
  const mandate = page.getByRole('dialog');
  await mandate.getByRole('textbox', { name: 'Kontoinhaber' }).fill('Erika Mustermann');
  await mandate.getByRole('textbox', { name: 'IBAN' }).fill('DE00 1234 5678');
  await mandate.getByRole('button', { name: 'Speichern' }).click();
  await expect(mandate.getByRole('textbox', { name: 'IBAN' })).toHaveAttribute('aria-invalid', 'true');
  await mandate.getByRole('textbox', { name: 'IBAN' }).fill('DE02 1203 0000 0000 2020 51');
  await mandate.getByRole('button', { name: 'Speichern' }).click();
  await expect(mandate).toBeHidden();
  await expect(mandates.getByText(/Erika Mustermann, DE02120300000000202051, BEITRAG-\d+-\d+ \(FRST\)/)).toBeVisible();

  // The month's run: statements per family, each with its PDF.
  const runs = page.getByTestId('fees-runs');
  await runs.getByRole('button', { name: 'Abrechnen', exact: true }).click();
  await expect(
    runs
      .getByRole('cell', { name: 'offen' })
      .or(runs.getByRole('cell', { name: 'Lastschrift' }))
      .first(),
  ).toBeVisible();
  await expect(runs.getByRole('button', { name: 'PDF' }).first()).toBeVisible();
});
