import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import {
  dashboardMessages,
  feedbackFieldTypeLabels,
  feedbackFieldTypes,
  MELDUNG_TITLE_MAX,
  fieldRequired,
  messageTypeStyle,
  messageTypes,
  type EmailParameter,
  type Meldung,
} from '@hortus/contract/modules/dashboard';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { FormDateTimeField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormCheckbox, FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useLoadedDashboard, useW1 } from '../api/dashboard';
import {
  draftOf,
  mailWarning,
  messageFormSchema,
  newDraft,
  newField,
  toggleClass,
  withGroups,
  withStart,
  type MessageDraft,
} from '../logic/message-form';
import { TypeIcon } from './type-icon';

export interface MessageDialogProps {
  /** null = new message. */
  meldung: Meldung | null;
  standardEmpfaenger: readonly number[];
  emailParameter: readonly EmailParameter[];
  onClose(): void;
}

type MessageFormApi = UseFormReturn<MessageDraft, unknown, MessageDraft>;

const typeOptions = messageTypes.map((typ) => ({
  value: typ,
  label: (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TypeIcon typ={typ} fontSize="small" /> {messageTypeStyle[typ].label}
    </Box>
  ),
}));
const fieldTypeOptions = feedbackFieldTypes.map((typ) => ({ value: typ, label: feedbackFieldTypeLabels[typ] }));

/**
 * Creates or edits a message: type, title, text, popup, planned window, recipients, e-mail, feedback form.
 * The contract's meldungInput (the server's saveMeldung rule) checks the form.
 */
export function MessageDialog({ meldung, standardEmpfaenger, emailParameter, onClose }: MessageDialogProps) {
  const settings = useSettings();
  const groups = settings.data?.nutzergruppen ?? [];
  // The parents' group and the classes its members can be narrowed to (dashboard settings, module 200's classes).
  const dashboard = useLoadedDashboard().data?.settings;
  const parentGroup = dashboard?.w1_200_Elterngruppe ?? 0;
  const classes = dashboard?.w1_200_Klassen ?? [];
  const form: MessageFormApi = useSchemaForm(
    messageFormSchema,
    meldung ? draftOf(meldung, emailParameter) : newDraft(standardEmpfaenger, emailParameter),
    { mode: 'onChange' },
  );
  const { control } = form;
  const w1 = useW1();
  const draft = form.watch();
  const setStart = (von: string) => {
    const { bis } = withStart(form.getValues(), von);
    if (bis !== form.getValues('bis')) form.setValue('bis', bis, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormDialog
      form={form}
      title={meldung ? 'Meldung bearbeiten' : 'Neue Meldung'}
      onSubmit={(data) => w1.mutateAsync({ func: 'saveMeldung', data: { ...data, version: meldung?.version } })}
      onClose={onClose}
      texts={{ success: dashboardMessages.saved, failure: dashboardMessages.saveFailed }}
      serverErrorPrefix="dataToSave.data."
      width={900}
      // core.md: save disabled while subject or text is empty or the planned start lies after the end.
      saveOnlyWhenValid
    >
      <FormSelectField control={control} name="typ" label="Typ" options={typeOptions} size="small" />
      <FormTextField
        control={control}
        name="titel"
        label="Betreff"
        required
        slotProps={{ htmlInput: { maxLength: MELDUNG_TITLE_MAX } }}
      />
      <FormTextField control={control} name="text" label="Text" required multiline minRows={4} />
      <FormGroup row>
        <FormCheckbox control={control} name="popup" label="Als Popup anzeigen" />
        <FormCheckbox control={control} name="anzeigePlanen" label="Anzeige planen" />
      </FormGroup>
      {draft.anzeigePlanen && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormDateTimeField control={control} name="von" label="Anzeigen ab" onChange={setStart} />
          <FormDateTimeField control={control} name="bis" label="Anzeigen bis" helperText="leer = ohne Ende" />
          <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
            {dashboardMessages.plannedLocked}
          </Typography>
        </Box>
      )}
      <ConditionEditor
        label="Empfänger"
        value={draft.bedingung_f000w1_sehen}
        groups={groups}
        onChange={(value) =>
          form.setValue('bedingung_f000w1_sehen', withGroups(value, parentGroup), { shouldDirty: true })
        }
      />
      {!draft.bedingung_f000w1_sehen.alle && parentGroup > 0 && classes.length > 0 && (
        <ClassFilter
          recipients={draft.bedingung_f000w1_sehen}
          classes={classes}
          parentGroupName={groups.find((group) => group.id === parentGroup)?.name ?? 'Eltern'}
          onChange={(klasse, on) =>
            form.setValue(
              'bedingung_f000w1_sehen',
              toggleClass(form.getValues('bedingung_f000w1_sehen'), klasse, on, parentGroup),
              { shouldDirty: true },
            )
          }
        />
      )}
      <Divider />
      <FormCheckbox
        control={control}
        name="sendMail"
        label="Zusätzlich per E-Mail senden"
        disabled={draft.anzeigePlanen}
      />
      {draft.sendMail && !draft.anzeigePlanen && (
        <Box>
          <FormGroup row aria-label="E-Mail-Parameter">
            {draft.sendMailParameter.map((parameter, index) => (
              <FormCheckbox
                key={parameter.id}
                control={control}
                name={`sendMailParameter.${index}.checked`}
                label={parameter.name}
              />
            ))}
          </FormGroup>
          {mailWarning(draft, emailParameter, parentGroup) && (
            <Alert severity="warning">{dashboardMessages.noMailParameter}</Alert>
          )}
        </Box>
      )}
      <Divider />
      <FormCheckbox control={control} name="rueckmeldung.nutzen" label="Rückmeldeformular" />
      {draft.rueckmeldung.nutzen && (
        <FeedbackFields form={form} answered={new Set(meldung?.rueckmeldung.beantworteteFelder ?? [])} />
      )}
    </FormDialog>
  );
}

/** 'parents can be filtered by class': the parents of the ticked classes receive the message. */
function ClassFilter({
  recipients,
  classes,
  parentGroupName,
  onChange,
}: {
  recipients: MessageDraft['bedingung_f000w1_sehen'];
  classes: readonly { id: number; name: string }[];
  parentGroupName: string;
  onChange(klasse: number, on: boolean): void;
}) {
  const chosen = recipients.klassen ?? [];
  return (
    <Box component="fieldset" role="group" aria-label="Eltern nach Klasse" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
        Eltern nach Klasse
      </FormLabel>
      <FormGroup row>
        {classes.map((klasse) => (
          <FormControlLabel
            key={klasse.id}
            label={klasse.name}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(klasse.id)}
                onChange={(event) => onChange(klasse.id, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <Typography variant="body2" color="text.secondary">
        {chosen.length > 0
          ? `Nur die Eltern der gewählten Klassen erhalten die Meldung, nicht alle der Gruppe „${parentGroupName}“.`
          : `Eine Klasse wählen, um nur deren Eltern statt der ganzen Gruppe „${parentGroupName}“ zu erreichen.`}
      </Typography>
    </Box>
  );
}

/** The feedback form's fields: name, type (locked once answered), sort, description and choice options. */
function FeedbackFields({ form, answered }: { form: MessageFormApi; answered: ReadonlySet<number> }) {
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'rueckmeldung.formularfelder', keyName: 'key' });
  const values = form.watch('rueckmeldung.formularfelder');
  const fieldErrors = form.formState.errors.rueckmeldung?.formularfelder;
  const setOptions = (index: number, options: string[]) =>
    form.setValue(`rueckmeldung.formularfelder.${index}.selectoptions`, options, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {fields.map((field, index) => {
        const value = values[index] ?? field;
        const options = value.selectoptions;
        const typeLocked = answered.has(field.id);
        const optionsError = fieldErrors?.[index]?.selectoptions?.message;
        return (
          <Paper
            key={field.key}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
            aria-label={`Formularfeld ${index + 1}`}
            role="group"
          >
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <FormTextField
                control={control}
                name={`rueckmeldung.formularfelder.${index}.name`}
                label="Name"
                size="small"
                sx={{ flex: 2, minWidth: 160 }}
              />
              <FormSelectField
                control={control}
                name={`rueckmeldung.formularfelder.${index}.typ`}
                label="Typ"
                size="small"
                options={fieldTypeOptions}
                disabled={typeLocked}
                helperText={typeLocked ? dashboardMessages.typeLocked : undefined}
                sx={{ flex: 1, minWidth: 150 }}
              />
              <FormNumberField
                control={control}
                name={`rueckmeldung.formularfelder.${index}.sort`}
                label="Sortierung"
                size="small"
                sx={{ width: 110 }}
              />
              <IconButton aria-label={`Feld ${index + 1} entfernen`} onClick={() => remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <FormTextField
                control={control}
                name={`rueckmeldung.formularfelder.${index}.beschreibung`}
                label="Beschreibung"
                size="small"
                sx={{ flex: 1, minWidth: 200 }}
              />
              {/* Unset means the default of the type (choice fields required); a click sets it explicitly. */}
              <FormControlLabel
                label="Pflichtfeld"
                control={
                  <Checkbox
                    size="small"
                    checked={fieldRequired(value)}
                    onChange={(event) =>
                      form.setValue(`rueckmeldung.formularfelder.${index}.pflicht`, event.target.checked, {
                        shouldDirty: true,
                      })
                    }
                  />
                }
              />
            </Box>
            {value.typ !== 'text' && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                {options.map((_option, optionIndex) => (
                  <FormTextField
                    key={optionIndex}
                    control={control}
                    name={`rueckmeldung.formularfelder.${index}.selectoptions.${optionIndex}`}
                    label={`Option ${optionIndex + 1}`}
                    size="small"
                    sx={{ width: 170 }}
                    slotProps={{
                      input: {
                        endAdornment: (
                          <IconButton
                            size="small"
                            aria-label={`Option ${optionIndex + 1} entfernen`}
                            onClick={() =>
                              setOptions(
                                index,
                                options.filter((_, i) => i !== optionIndex),
                              )
                            }
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        ),
                      },
                    }}
                  />
                ))}
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setOptions(index, [...options, `Option ${options.length + 1}`])}
                >
                  Option
                </Button>
                {optionsError && (
                  <Typography color="error" variant="caption">
                    {optionsError}
                  </Typography>
                )}
              </Box>
            )}
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(newField((fields.length + 1) * 10))}>
          Feld hinzufügen
        </Button>
      </Box>
    </Box>
  );
}
