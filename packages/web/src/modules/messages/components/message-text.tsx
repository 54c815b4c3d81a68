import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TranslationLanguage } from '@hortus/contract/modules/messages';
import { useTranslation } from '../api/messages';
import { shownTranslation, translatedNote } from '../logic/translation';

/**
 * A message's text, for a reader with a preferred language shown translated into it (automatically for the
 * newest messages, on 'Übersetzen' for older ones) with 'Original anzeigen' one tap away. Without a translation
 * service, or when the text is in the reader's language already, the original shows and nothing else.
 */
export function MessageText({
  id,
  text,
  language,
  auto,
}: {
  id: number;
  text: string;
  /** The reader's preferred language; null: German, nothing is translated. */
  language: TranslationLanguage | null;
  auto: boolean;
}) {
  const [asked, setAsked] = useState(false);
  const [original, setOriginal] = useState(false);
  const query = useTranslation(id, language, auto || asked);
  const translation = shownTranslation(text, query.data);
  const shown = translation !== null && !original ? translation : text;
  return (
    <>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="messages-text">
        {shown}
      </Typography>
      {language !== null && language !== 'de' && translation !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {!original && (
            <Typography variant="caption" color="text.secondary">
              {translatedNote(language)}
            </Typography>
          )}
          <Button size="small" onClick={() => setOriginal(!original)}>
            {original ? 'Übersetzung anzeigen' : 'Original anzeigen'}
          </Button>
        </Stack>
      )}
      {language !== null && language !== 'de' && !auto && !asked && (
        <Button size="small" onClick={() => setAsked(true)} sx={{ alignSelf: 'start' }}>
          Übersetzen
        </Button>
      )}
    </>
  );
}
