import type { Locator, Page } from '@playwright/test';
import { expect } from './test';
import { messages } from '@hortus/contract';
import { attendanceCalls, type AttendanceData } from '@hortus/contract/modules/attendance';

export async function login(page: Page, user: { nn: string; password: string }): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Benutzername').fill(user.nn);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByLabel('Passwort').press('Enter');
}

/** The first login with a start password: the login asks for the account's own password and then opens the app. */
export async function chooseOwnPassword(page: Page, password: string): Promise<void> {
  await expect(page.getByTestId('choose-password')).toContainText(messages.choosePassword);
  await page.getByLabel(messages.newPassword, { exact: true }).fill(password);
  await page.getByLabel(messages.repeatPassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
}

export async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
}

/**
 * Opens an address of the running app as its own links do (the router follows the history), without reloading
 * the page: a reload parses the whole app again, seconds on a CI machine's two cores.
 */
export async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  await expect(page).toHaveURL(address);
}

/** Logs out through the menu and waits until the login screen has fully replaced the app. */
export async function logout(page: Page): Promise<void> {
  await openMenu(page);
  await page.getByText('Ausloggen').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.waitForLoadState('load');
}

/** A German MUI picker (date, time or date-time) by its label: a group of editable sections. */
export function picker(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true });
}

/**
 * Types into a picker's sections as a user does: the digits in display order (DDMMYYYY, HHmm or
 * DDMMYYYYHHmm); each full section moves on to the next.
 */
export async function typeInPicker(scope: Page | Locator, label: string, digits: string): Promise<void> {
  // A first screen's date field is a plain read-only text field until it is used (DeferredDateInput).
  const deferred = scope.getByRole('textbox', { name: label, exact: true });
  if ((await deferred.count()) === 1 && (await deferred.getAttribute('readonly')) !== null) await deferred.click();
  const field = picker(scope, label);
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(digits);
}

/** Clears only the day part of a date picker (Backspace in its first section), as a user correcting a date does. */
export async function clearPickerDay(scope: Page | Locator, label: string): Promise<void> {
  const field = picker(scope, label);
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.press('Backspace');
}

/** What a picker shows (DD.MM.YYYY, HH:mm or DD.MM.YYYY HH:mm): the value of its hidden input. */
export function pickerInput(scope: Page | Locator, label: string): Locator {
  return picker(scope, label).locator('xpath=..').locator('input');
}

/** An attendance slot's QR value as a logged-in slot admin loads it (the QR PDF encodes /150?sa=<value>). */
export async function attendanceSlotQrValue(page: Page, slotName: string): Promise<string> {
  const data = await page.evaluate(async (url) => {
    const body = new URLSearchParams({ code: localStorage.getItem('code') ?? '' });
    const response = await fetch(url, { method: 'POST', body });
    return ((await response.json()) as { save: unknown }).save;
  }, attendanceCalls.getOrSaveSettings.url);
  const slot = (data as AttendanceData).slots.find((entry) => entry.name === slotName);
  expect(slot?.qr_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return slot?.qr_code ?? '';
}
