/** A piece of a plain text: text as it is, or a web/mail address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Only these schemes become links; anything else (javascript:, data:, …) stays plain text. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const CANDIDATE = /\b(?:https?:\/\/|mailto:)[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ('Siehe https://x.de.'). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The href of an address when it is a safe link, else null. */
export function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
    if (url.protocol !== 'mailto:' && url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a plain text into text and links (http, https, mailto only). The text is never read as HTML:
 * the parts are rendered as React text and anchors.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (piece: string) => {
    if (piece === '') return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    const href = safeHref(address);
    push(text.slice(last, start));
    if (href === null) push(address);
    else parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  push(text.slice(last));
  return parts;
}
