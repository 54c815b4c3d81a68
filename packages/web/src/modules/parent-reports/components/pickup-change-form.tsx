import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { releaseMessages, type SameDayKind } from '@hortus/contract/modules/children';
import { parentReportsMessages, type ParentReportsData } from '@hortus/contract/modules/parent-reports';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveParentReports } from '../api/parent-reports';

/**
 * 'Abholung heute' (issue 44): next to absence and release time, a same-day change — 'geht heute allein um …'
 * or 'wird heute abgeholt von …' — until the Hort's deadline.
 */
export function PickupChangeForm({ data }: { data: ParentReportsData }) {
  const [childId, setChildId] = useState(data.kinder[0]?.id ?? 0);
  const [art, setArt] = useState<SameDayKind>('person');
  const [zeit, setZeit] = useState('');
  const [person, setPerson] = useState('');
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveParentReports();
  const child = data.kinder.find((kind) => kind.id === childId);
  const deadline = data.settings.abholungHeute_spaetestensBis;
  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid="pickup-change">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          Abholung heute ändern
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Für heute bis {deadline} Uhr.
        </Typography>
        {child?.abholung && <Typography>Heute: {child.abholung.heute.text}</Typography>}
        <TextField
          select
          size="small"
          label="Kind"
          value={childId}
          onChange={(event) => setChildId(Number(event.target.value))}
        >
          {data.kinder.map((kind) => (
            <MenuItem key={kind.id} value={kind.id}>
              {kind.name}
            </MenuItem>
          ))}
        </TextField>
        <RadioGroup value={art} onChange={(event) => setArt(event.target.value as SameDayKind)}>
          <FormControlLabel value="person" control={<Radio />} label="wird heute abgeholt von …" />
          <FormControlLabel value="allein" control={<Radio />} label="geht heute allein um …" />
        </RadioGroup>
        {art === 'allein' ? (
          <TextField
            label="Uhrzeit"
            type="time"
            size="small"
            value={zeit}
            onChange={(event) => setZeit(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
        ) : (
          <TextField
            label="Name der Person"
            size="small"
            value={person}
            onChange={(event) => setPerson(event.target.value)}
            helperText={
              child?.abholung?.heute.personen.length
                ? `Abholberechtigt: ${child.abholung.heute.personen.join(', ')}`
                : undefined
            }
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        )}
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() =>
            void saveAction(
              () =>
                save({
                  type: 'abholungHeute',
                  data: { id_kind: childId, tag: data.heute, art, zeit: art === 'allein' ? zeit : '', person },
                }),
              { success: releaseMessages.saved, failure: parentReportsMessages.sendFailed },
            )
          }
        >
          Abholung melden
        </Button>
      </Stack>
    </Paper>
  );
}
