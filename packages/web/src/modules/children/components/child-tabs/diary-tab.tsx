import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatGermanDate, messages } from '@hortus/contract';
import { childrenMessages, type ChildView } from '@hortus/contract/modules/children';
import { useAlert } from '../../../../platform/alert/alert-context';
import { DateInput } from '../../../../platform/forms/date-pickers';
import { saveDiary } from '../../api/children';

/** 'Tagebuch': one entry per day, saved on its own ('Eintrag speichern'). */
export function DiaryTab({ child, today, disabled }: { child: ChildView; today: string; disabled: boolean }) {
  const alert = useAlert();
  const [entries, setEntries] = useState(child.tagebucheintraege);
  const [day, setDay] = useState(today);
  const [text, setText] = useState(entries[today] ?? '');
  const [busy, setBusy] = useState(false);
  const store = async () => {
    setBusy(true);
    try {
      setEntries(await saveDiary(child.id, day, text));
      alert.success(messages.dataSaved);
    } catch {
      alert.error(childrenMessages.diaryFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <DateInput
        label="Datum"
        value={day}
        onChange={(value) => {
          setDay(value);
          setText(entries[value] ?? '');
        }}
      />
      <TextField
        label="Eintrag"
        multiline
        minRows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
      <Box>
        <Button variant="outlined" onClick={() => void store()} disabled={disabled || busy}>
          Eintrag speichern
        </Button>
      </Box>
      {Object.keys(entries).length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Einträge: {Object.keys(entries).sort().reverse().map(formatGermanDate).join(', ')}
        </Typography>
      )}
    </Stack>
  );
}
