import { useEffect, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { releaseMessages, sameDayInput, type SameDayKind } from '@hortus/contract/modules/children';
import { parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import { Notice } from '../../../platform/feedback/notice';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormTextField } from '../../../platform/forms/form-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { useSaveParentReports } from '../api/parent-reports';

/** The choice 'andere Person' among the listed pickup persons. */
const OTHER = '';

export interface SameDayFormProps {
  /** The children the report form has ticked: one change each. */
  childIds: readonly number[];
  /** The report form's day. */
  tag: string;
  art: SameDayKind;
  /** The pickup persons valid on the day (the ticked children's). */
  persons: readonly string[];
  /** Why it cannot be sent (the deadline passed; shown on the report form's day). */
  blocked: boolean;
}

/**
 * The same-day change inside the report form (issue 44), a kind next to absence and release time: 'geht heute
 * allein um …' (the time) or 'wird heute abgeholt von …' (a listed pickup person, or 'andere Person' with a
 * name). A form on the contract's schema: a missing time or person shows on its field, the server's 'too
 * late' under the form; each ticked child gets the change (210 abholungHeute).
 */
export function SameDayForm({ childIds, tag, art, persons, blocked }: SameDayFormProps) {
  const { mutateAsync: save } = useSaveParentReports();
  const settings = useSettingsForm({
    schema: sameDayInput,
    saved: { id_kind: childIds[0] ?? 0, tag, art, zeit: '', person: '' },
    save: async (values) => {
      for (const id_kind of childIds) {
        await save({
          type: 'abholungHeute',
          data: {
            ...values,
            id_kind,
            zeit: values.art === 'allein' ? values.zeit : '',
            person: values.art === 'person' ? values.person : '',
          },
        });
      }
    },
    texts: { success: releaseMessages.saved, failure: parentReportsMessages.sendFailed },
  });
  const { form } = settings;
  // The report form decides child, day and kind: they follow it even while the draft is changed.
  const firstChild = childIds[0] ?? 0;
  useEffect(() => {
    form.setValue('id_kind', firstChild);
    form.setValue('tag', tag);
    form.setValue('art', art);
  }, [form, firstChild, tag, art]);
  const [choice, setChoice] = useState(persons[0] ?? OTHER);
  const listed = persons.includes(choice) ? choice : OTHER;
  useEffect(() => {
    if (art === 'person' && listed !== OTHER) settings.update({ person: listed });
    // Only when the choice changes; `settings` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [art, listed, tag, firstChild]);
  const dayError = form.formState.errors.tag?.message;
  return (
    <SettingsForm settings={settings} submitLabel="Senden" disabled={blocked || childIds.length === 0}>
      {art === 'allein' ? (
        <FormTimeField control={form.control} name="zeit" label="Uhrzeit" />
      ) : (
        <>
          {persons.length > 0 && (
            <FormControl>
              <FormLabel id="same-day-person">Wer holt ab?</FormLabel>
              <RadioGroup
                aria-labelledby="same-day-person"
                value={listed}
                onChange={(event) => {
                  setChoice(event.target.value);
                  if (event.target.value === OTHER) settings.update({ person: '' });
                }}
              >
                {persons.map((person) => (
                  <FormControlLabel key={person} value={person} control={<Radio />} label={person} />
                ))}
                <FormControlLabel value={OTHER} control={<Radio />} label={releaseMessages.otherPerson} />
              </RadioGroup>
            </FormControl>
          )}
          {listed === OTHER && (
            <FormTextField
              control={form.control}
              name="person"
              label="Name der Person"
              size="small"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        </>
      )}
      {dayError && (
        <Notice severity="error" data-testid="same-day-error">
          {dayError}
        </Notice>
      )}
    </SettingsForm>
  );
}
