export function pageTitle(appTitle: string, tabLabel?: string): string {
  const title = appTitle.trim() === '' ? 'Hortus' : appTitle;
  return tabLabel ? `${tabLabel} – ${title}` : title;
}
