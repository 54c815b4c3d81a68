/**
 * Windows-1252, the code page DATEV's import formats are written in: which characters it has, and a
 * text written with plain letters where it lacks one. The bytes are
 * encoded on the server (iconv-lite); here only the rule, so a refusal can name the characters.
 */

/** The characters of Windows-1252 above Latin-1's 0x7f–0x9f gap (0x80–0x9f as the code page maps them). */
const WIN1252_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
const inWindows1252 = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code < 0x80 || (code >= 0xa0 && code <= 0xff) || WIN1252_EXTRA.has(char)) && code !== 0x7f;
};
/** Letters without a decomposition whose plain form a reader still recognises ('Łódź' → 'Lódz'). */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  ſ: 's',
  Ŋ: 'N',
  ŋ: 'n',
  ẞ: 'SS',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ŉ: "'n",
  Ə: 'E',
  ə: 'e',
  '\u2212': '-',
  '\u2009': ' ',
  '\u202f': ' ',
};

/**
 * A text as Windows-1252 (the code page of DATEV's formats) can hold it: letters it lacks are written plain (accents dropped by
 * Unicode decomposition, 'ł' → 'l'); `unwritable` lists what has no plain form (the export refuses those
 * by name instead of writing '?').
 */
export function windows1252Text(text: string): { text: string; unwritable: string[] } {
  const unwritable: string[] = [];
  const written = [...text.normalize('NFC')]
    .map((char) => {
      if (inWindows1252(char)) return char;
      // An accent on its own (a combining mark the letter before could not take) is dropped.
      const plain = PLAIN_LETTERS[char] ?? char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if ([...plain].every(inWindows1252)) return plain;
      unwritable.push(char);
      return char;
    })
    .join('');
  return { text: written, unwritable };
}
