import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dashboardMessages, type FeedbackValues, type Meldung } from '@hortus/contract';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useW1 } from '../api/dashboard';

/** A recipient's feedback form: editable until sent, then locked until the author allows a refill. */
export function FeedbackForm({ meldung }: { meldung: Meldung }) {
  const own = meldung.rueckmeldung.user;
  const locked = own !== null && !own.kannAendern;
  const [werte, setWerte] = useState<FeedbackValues>(own?.werte ?? {});
  const saveAction = useSaveAction();
  const w1 = useW1();
  const fields = [...meldung.rueckmeldung.formularfelder].sort((a, b) => a.sort - b.sort || a.id - b.id);

  const submit = async () => {
    if (locked) return;
    await saveAction(
      () => w1.mutateAsync({ func: 'saveRueckmeldung', data: { meldungId: meldung.id, werte }, kinder: [] }),
      {
        success: dashboardMessages.feedbackSent,
        failure: dashboardMessages.saveFailed,
      },
    );
  };

  return (
    <SubmitForm onSubmit={submit}>
      <Box
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 1 }}
        aria-label={`Rückmeldung zu ${meldung.titel}`}
        role="group"
      >
        <Typography variant="subtitle2">Rückmeldung</Typography>
        {fields.map((field) => {
          const key = String(field.id);
          const value = werte[key];
          if (field.typ === 'text') {
            return (
              <TextField
                key={key}
                label={field.name}
                helperText={field.beschreibung || undefined}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => setWerte({ ...werte, [key]: event.target.value })}
                disabled={locked}
                multiline
                size="small"
              />
            );
          }
          if (field.typ === 'einfachauswahl') {
            return (
              <FormControl key={key} disabled={locked}>
                <FormLabel>{field.name}</FormLabel>
                {field.beschreibung && <Typography variant="caption">{field.beschreibung}</Typography>}
                <RadioGroup
                  row
                  value={typeof value === 'string' ? value : ''}
                  onChange={(event) => setWerte({ ...werte, [key]: event.target.value })}
                >
                  {field.selectoptions.map((option) => (
                    <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={option} />
                  ))}
                </RadioGroup>
              </FormControl>
            );
          }
          const chosen = Array.isArray(value) ? value : [];
          return (
            <FormControl key={key} disabled={locked} component="fieldset">
              <FormLabel component="legend">{field.name}</FormLabel>
              {field.beschreibung && <Typography variant="caption">{field.beschreibung}</Typography>}
              <FormGroup row>
                {field.selectoptions.map((option) => (
                  <FormControlLabel
                    key={option}
                    label={option}
                    control={
                      <Checkbox
                        size="small"
                        checked={chosen.includes(option)}
                        onChange={(event) =>
                          setWerte({
                            ...werte,
                            [key]: event.target.checked
                              ? [...chosen, option]
                              : chosen.filter((entry) => entry !== option),
                          })
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </FormControl>
          );
        })}
        {locked ? (
          <Typography variant="body2" color="text.secondary">
            Ihre Rückmeldung wurde gesendet.
          </Typography>
        ) : (
          <Box>
            <Button type="submit" variant="contained" size="small">
              Rückmeldung senden
            </Button>
          </Box>
        )}
      </Box>
    </SubmitForm>
  );
}
