import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  parentPickupInput,
  pickupVersionText,
  releaseMessages,
  validityText,
  type PickupView,
} from '@hortus/contract/modules/children';
import { parentReportsMessages, type ReportChild } from '@hortus/contract/modules/parent-reports';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useSaveParentReports } from '../api/parent-reports';

type Person = PickupView['personen'][number];

const newPerson: Person = {
  id: 0,
  name: '',
  beziehung: '',
  telefon: '',
  notiz: '',
  gueltigVon: '',
  gueltigBis: '',
};

/** Adds (id 0) or changes a pickup person of the child; the server's messages land on the fields. */
function PickupPersonDialog({ childId, person, onClose }: { childId: number; person: Person; onClose(): void }) {
  const form = useSchemaForm(parentPickupInput, { id_kind: childId, person });
  const { mutateAsync: save } = useSaveParentReports();
  return (
    <FormDialog
      form={form}
      title={person.id === 0 ? 'Abholberechtigte Person hinzufügen' : 'Abholberechtigte Person ändern'}
      onSubmit={(data) => save({ type: 'abholperson', data })}
      onClose={onClose}
      texts={{ success: releaseMessages.saved, failure: parentReportsMessages.sendFailed }}
      width={480}
      testId="pickup-person-dialog"
    >
      <FormTextField control={form.control} name="person.name" label="Name" autoFocus />
      <FormTextField control={form.control} name="person.beziehung" label="Beziehung (z. B. Oma)" />
      <FormTextField control={form.control} name="person.telefon" label="Telefon" type="tel" />
      <FormTextField control={form.control} name="person.notiz" label="Hinweis (z. B. Ausweis zeigen lassen)" />
      <FormDateField control={form.control} name="person.gueltigVon" label="Gültig ab" />
      <FormDateField control={form.control} name="person.gueltigBis" label="Gültig bis" />
    </FormDialog>
  );
}

/**
 * The child's pickup persons on the 'Kontakt' tab (issue 44): the parent adds, changes and removes them, each
 * with an optional validity; staff see them at the release at once. Every change is a version (who, when);
 * the earlier ones stay readable under 'Frühere Fassungen'.
 */
export function PickupPersons({ child }: { child: ReportChild }) {
  const [editing, setEditing] = useState<Person | null>(null);
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveParentReports();
  const persons = child.abholung?.personen ?? [];
  const versions = child.abholung?.personenVersionen ?? [];
  const remove = (person: Person) =>
    void saveAction(() => save({ type: 'abholpersonEntfernen', data: { id_kind: child.id, id: person.id } }), {
      success: releaseMessages.saved,
      failure: parentReportsMessages.sendFailed,
    });
  return (
    <Box component="section" aria-label={`Abholberechtigte von ${child.vorname}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          Abholberechtigte
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setEditing(newPerson)}>
          Person
        </Button>
      </Stack>
      {persons.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Keine Personen eingetragen
        </Typography>
      )}
      {persons.map((person) => (
        <Stack key={person.id} direction="row" sx={{ alignItems: 'center' }} data-testid="pickup-person">
          <Typography variant="body2" sx={{ flex: 1 }}>
            {person.name}
            {person.beziehung ? ` (${person.beziehung})` : ''}
            {person.telefon ? `, ${person.telefon}` : ''}
            {validityText(person) ? `, ${validityText(person)}` : ''}
          </Typography>
          <IconButton aria-label={`${person.name} ändern`} onClick={() => setEditing(person)}>
            <EditIcon />
          </IconButton>
          <IconButton aria-label={`${person.name} entfernen`} onClick={() => remove(person)}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {versions.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="pickup-changed">
          Zuletzt geändert {versions[0]?.von ? `von ${versions[0].von}, ` : ''}
          {versions[0]?.am}
        </Typography>
      )}
      {versions.length > 1 && (
        <details>
          <summary>
            <Typography variant="body2" component="span">
              Frühere Fassungen ({versions.length - 1})
            </Typography>
          </summary>
          {versions.slice(1).map((version, index) => (
            <Typography
              key={`${version.am}-${index}`}
              variant="body2"
              color="text.secondary"
              data-testid="pickup-version"
            >
              {version.am}
              {version.von ? ` (von ${version.von})` : ''}: {pickupVersionText(version)}
            </Typography>
          ))}
        </details>
      )}
      {editing && <PickupPersonDialog childId={child.id} person={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
