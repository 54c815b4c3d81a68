import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useController, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@hortus/contract';
import { childrenMessages, parentInput, type ChildrenData, type ParentView } from '@hortus/contract/modules/children';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormTextField } from '../../../platform/forms/form-fields';
import { useFormReadOnly } from '../../../platform/forms/form-read-only';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { FormParameterField } from '../../../platform/user-parameters/form-parameter-field';
import {
  parameterFieldOf,
  parameterMapsOf,
  parameterValuesOf,
  parameterValuesSchema,
} from '../../../platform/user-parameters/parameter-schema';
import { useSaveChildren } from '../api/children';

const parameterField = parameterFieldOf('werte');

/** The form's schema: the contract's parentInput, the parameter maps as one value per editable parameter. */
function parentSchema(editable: Parameters<typeof parameterValuesSchema>[0]) {
  return parentInput
    .omit({ nutzerparameterwerte: true, nutzerparameterwerteSelectoptionIDs: true })
    .extend({ werte: parameterValuesSchema(editable) });
}
type ParentSchema = ReturnType<typeof parentSchema>;

/**
 * A parent account (school.md 3.3): user name, names, children and the parent's user parameters with
 * condition f200 (only editable ones are sent). The platform FormDialog: every way out of a changed
 * form asks first; Löschen, 'Passwort zurücksetzen' and 'Zugangsdaten' for a saved account.
 */
export function ParentDialog({
  parent,
  data,
  onClose,
  onPassword,
  onLetters,
}: {
  parent: ParentView | null;
  data: ChildrenData;
  onClose(): void;
  onPassword(password: string): void;
  onLetters(ids: number[]): void;
}) {
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const [askReset, setAskReset] = useState(false);
  const parameters = useMemo(() => parent?.nutzer.nutzerparameter ?? [], [parent]);
  const editable = useMemo(() => parameters.filter((p) => p.bearbeiten), [parameters]);
  const schema = useMemo(() => parentSchema(editable), [editable]);
  const form = useSchemaForm(schema, {
    id: parent?.id ?? 0,
    nn: parent?.nn ?? '',
    vorname: parent?.vorname ?? '',
    nachname: parent?.nachname ?? '',
    ids_kinder: parent?.ids_kinder ?? [],
    werte: parameterValuesOf(
      parameters,
      parent?.nutzer.nutzerparameterwerte ?? {},
      parent?.nutzer.nutzerparameterwerteSelectoptionIDs ?? {},
    ),
  });

  const resetPassword = async () => {
    setAskReset(false);
    if (!parent) return;
    const reply = await saveAction(() => save({ type: 'resetElternPW', data: { id: parent.id } }), {
      failure: childrenMessages.resetFailed,
    });
    if (reply?.neuPW) onPassword(reply.neuPW);
  };

  return (
    <>
      <FormDialog
        form={form}
        title={parent ? parent.nn : 'Neues Elternkonto'}
        onSubmit={async ({ werte, ...values }) => {
          const eltern = { ...values, ...parameterMapsOf(editable, werte), version: parent?.version };
          const reply = await save({ type: 'editEltern', data: { eltern } });
          if (reply.neuPW) onPassword(reply.neuPW);
        }}
        onClose={onClose}
        texts={{ success: messages.dataSaved, failure: childrenMessages.saveFailed }}
        serverErrors={{ fieldOf: (wire) => parameterField(wire.replace(/^eltern\./, '')) }}
        onDelete={
          parent
            ? {
                run: () => save({ type: 'delEltern', data: { eltern: { id: parent.id } } }),
                confirm: 'Das Elternkonto wird gelöscht.',
                texts: { success: childrenMessages.parentDeleted, failure: childrenMessages.saveFailed },
              }
            : undefined
        }
        extraActions={
          parent && (
            <>
              <Button onClick={() => setAskReset(true)}>Passwort zurücksetzen</Button>
              <Button startIcon={<PictureAsPdfIcon />} onClick={() => onLetters([parent.id])}>
                Zugangsdaten
              </Button>
            </>
          )
        }
        testId="parent-dialog"
        // school.md 2.4's widths are 500, 800 and 1000; 800 gives its five actions room (issue 47: 600, cramped).
        width={800}
      >
        <FormTextField control={form.control} name="nn" label="Benutzername" required />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={form.control} name="vorname" label="Vorname" fullWidth />
          <FormTextField control={form.control} name="nachname" label="Nachname" fullWidth />
        </Stack>
        <ParentChildren form={form} data={data} />
        {parameters.map((p) => (
          <FormParameterField
            key={p.id}
            control={form.control}
            name={`werte.p${p.id}`}
            parameter={p}
            disabled={!p.bearbeiten}
          />
        ))}
        {parent && (
          <Typography variant="body2" color="text.secondary">
            {parent.nutzer.rootPW ? 'Das Startpasswort ist noch aktiv.' : 'Das Startpasswort wurde bereits geändert.'}
          </Typography>
        )}
      </FormDialog>
      <ConfirmDialog
        open={askReset}
        text="Ein neues Startpasswort wird erzeugt."
        onCancel={() => setAskReset(false)}
        onConfirm={() => void resetPassword()}
      />
    </>
  );
}

type ParentForm = UseFormReturn<z.input<ParentSchema>, unknown, z.output<ParentSchema>>;

/** The parent's children: those the user may edit, and those already linked. */
function ParentChildren({ form, data }: { form: ParentForm; data: ChildrenData }) {
  const { field } = useController({ control: form.control, name: 'ids_kinder' });
  const readOnly = useFormReadOnly();
  const chosen = field.value ?? [];
  const selectable = data.kinder.filter((k) => k.allowEdit || chosen.includes(k.id));
  return (
    <Autocomplete
      multiple
      disabled={readOnly}
      options={selectable}
      getOptionLabel={(option) => option.nameMitKlasse}
      value={selectable.filter((k) => chosen.includes(k.id))}
      onChange={(_, kids) => field.onChange(kids.map((k) => k.id))}
      onBlur={field.onBlur}
      renderInput={(params) => <TextField {...params} inputRef={field.ref} label="Kinder" />}
    />
  );
}
