/** The provider's logo: a rounded square with the letter H (inline SVG, no network). */
export function ProviderLogo({ size = 96 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label="Logo des Anbieters">
      <rect width="100" height="100" rx="18" fill="currentColor" />
      <path fill="#fff" d="M20 20h16v24h28V20h16v60H64V56H36v24H20z" />
    </svg>
  );
}
