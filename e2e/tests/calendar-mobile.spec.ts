import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { demo } from '../fixtures';
import { login } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function openCalendar(page: Page): Promise<void> {
  await login(page, demo.leitung);
  await expect(page).not.toHaveURL('/');
  await page.goto('/110');
  await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeVisible();
}

/** Relative luminance contrast (WCAG) between an element's text colour and the first opaque background behind it. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    let background: number[] = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = rgb(getComputedStyle(node).backgroundColor);
      if (a > 0.5) {
        background = [r, g, b];
        break;
      }
    }
    const foreground = rgb(getComputedStyle(element).color);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}

test('on a phone the month shows titles, the week shows Sunday and starts at the working day, the arrows share a line', async ({
  page,
}) => {
  await openCalendar(page);

  // Both arrows on one line.
  const back = await page.getByRole('button', { name: 'zurück' }).boundingBox();
  const forward = await page.getByRole('button', { name: 'weiter' }).boundingBox();
  expect(back && forward).toBeTruthy();
  expect(Math.abs((back?.y ?? 0) - (forward?.y ?? -100))).toBeLessThan(2);
  expect((forward?.x ?? 0) + (forward?.width ?? 0)).toBeLessThanOrEqual(390);

  // Month view: the weekly team meeting shows its title (cut with an ellipsis), the tooltip holds it whole.
  const meeting = page.locator('.month-event').filter({ hasText: 'Teambesprechung' }).first();
  const meetingTitle = meeting.locator('.month-event-title');
  await expect(meetingTitle).toBeVisible();
  expect((await meetingTitle.boundingBox())?.width ?? 0).toBeGreaterThan(20);
  await expect(meeting).toHaveAttribute('title', /Teambesprechung/);
  // No sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Two taps on a day open its day view (the first marks it); 'Monat' goes back.
  const fifteenth = page.getByRole('button', { name: /, 15\. \p{L}+ \d{4}/u });
  await fifteenth.click();
  await expect(fifteenth).toHaveAttribute('aria-pressed', 'true');
  await fifteenth.click();
  await expect(page.getByRole('heading', { name: /^\w+, 15\.\d\d\.\d{4}$/ })).toBeVisible();
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
  await page.getByRole('button', { name: 'Monat' }).click();
  await expect(page.locator('.month-grid')).toBeVisible();

  // Week view: every weekday header readable, Sunday inside the screen.
  await page.getByRole('button', { name: 'Woche' }).click();
  const sunday = page.locator('th.fc-col-header-cell.fc-day-sun');
  await expect(sunday).toBeInViewport({ ratio: 1 });
  await expect(sunday).toContainText('So');
  const cushion = sunday.locator('.fc-col-header-cell-cushion');
  const box = await cushion.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await cushion.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);

  // Opened at the working day: 07:00 at the top of the scrolled time grid, not midnight.
  const scroller = page.locator('.fc-timegrid-body').locator('xpath=ancestor::div[contains(@class,"fc-scroller")][1]');
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
  await expect(page.locator('td.fc-timegrid-slot-label[data-time="07:00:00"]')).toBeInViewport();
  await page.screenshot({ path: 'artifacts/calendar-mobile-week.png' });
});

test('in dark mode the weekday header of month and week view is readable', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('themeMode', 'dark'));
  await openCalendar(page);
  const monthHeader = page.locator('.month-weekday').first();
  await expect(monthHeader).toBeVisible();
  expect(await contrastOf(monthHeader)).toBeGreaterThanOrEqual(4.5);
  await page.getByRole('button', { name: 'Woche' }).click();
  const weekHeader = page.locator('th.fc-col-header-cell.fc-day-sun .fc-col-header-cell-cushion');
  await expect(weekHeader).toContainText('So');
  expect(await contrastOf(weekHeader)).toBeGreaterThanOrEqual(4.5);
  await page.screenshot({ path: 'artifacts/calendar-dark-week.png' });
});
