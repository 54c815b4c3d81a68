import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  dashboardMessages,
  fieldRequired,
  missingAnswers,
  type FeedbackValues,
  type Meldung,
} from '@hortus/contract/modules/dashboard';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useW1 } from '../api/dashboard';

/**
 * A recipient's feedback form: editable until sent, then locked until the author allows a refill.
 * Required fields (marked *) must be answered: an empty one is shown at the field and nothing is sent.
 */
export function FeedbackForm({ meldung }: { meldung: Meldung }) {
  const own = meldung.rueckmeldung.user;
  const locked = own !== null && !own.kannAendern;
  const [werte, setWerteState] = useState<FeedbackValues>(own?.werte ?? {});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const setWerte = (next: FeedbackValues) => {
    setWerteState(next);
    // An error goes once its field is answered.
    if (Object.keys(errors).length > 0) {
      const missing = missingAnswers(meldung.rueckmeldung.formularfelder, next);
      setErrors(Object.fromEntries(Object.entries(errors).filter(([key]) => key in missing)));
    }
  };
  const saveAction = useSaveAction();
  const w1 = useW1();
  const fields = [...meldung.rueckmeldung.formularfelder].sort((a, b) => a.sort - b.sort || a.id - b.id);

  const submit = async () => {
    if (locked) return;
    const missing = missingAnswers(meldung.rueckmeldung.formularfelder, werte);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
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
          const required = fieldRequired(field);
          const error = errors[`werte.${key}`]?.[0];
          if (field.typ === 'text') {
            return (
              <TextField
                key={key}
                label={field.name}
                required={required}
                error={error !== undefined}
                helperText={error ?? (field.beschreibung || undefined)}
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
              <FormControl key={key} disabled={locked} required={required} error={error !== undefined}>
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
                {error && <FormHelperText>{error}</FormHelperText>}
              </FormControl>
            );
          }
          const chosen = Array.isArray(value) ? value : [];
          return (
            <FormControl
              key={key}
              disabled={locked}
              component="fieldset"
              required={required}
              error={error !== undefined}
            >
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
              {error && <FormHelperText>{error}</FormHelperText>}
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
