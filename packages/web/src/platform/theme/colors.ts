export const DEFAULT_PRIMARY = '#1976d2';

/** '#rgb' or '#rrggbb'. */
export function isHexColor(value: string): boolean {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value.trim());
}

/** The theme primary colour from the settings, or the default when it is no hex colour. */
export function safePrimary(value: string | undefined | null): string {
  return value && isHexColor(value) ? value.trim() : DEFAULT_PRIMARY;
}

/** A background colour for the login screen: hex, rgb()/hsl() or a colour name; otherwise undefined. */
export function safeCssColor(value: string): string | undefined {
  const trimmed = value.trim();
  if (isHexColor(trimmed)) return trimmed;
  if (/^(?:rgb|hsl)a?\([0-9.,%\s/]+\)$/.test(trimmed) || /^[a-zA-Z]{3,30}$/.test(trimmed)) return trimmed;
  return undefined;
}

/** A CSS url() for a background image: only http(s) or same-site paths, quoted; otherwise undefined. */
export function backgroundImageCss(url: string): string | undefined {
  const trimmed = url.trim();
  if (!/^(?:https?:\/\/|\/)[^\s"'()\\<>]*$/.test(trimmed)) return undefined;
  return `url("${trimmed}")`;
}
