/** Case-insensitive search over a row's texts: every word of the query must occur in one of them. */
export function matchesSearch(query: string, texts: readonly string[]): boolean {
  const words = query.toLocaleLowerCase('de').split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.join(' ').toLocaleLowerCase('de');
  return words.every((word) => haystack.includes(word));
}
