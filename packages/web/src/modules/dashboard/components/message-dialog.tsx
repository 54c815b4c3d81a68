import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  dashboardMessages,
  feedbackFieldTypeLabels,
  feedbackFieldTypes,
  messageTypeStyle,
  messageTypes,
  type EmailParameter,
  type FeedbackField,
  type FeedbackFieldType,
  type Meldung,
  type MessageType,
} from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { DateTimeInput } from '../../../platform/forms/date-pickers';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useW1 } from '../api/dashboard';
import {
  draftErrors,
  draftOf,
  hasErrors,
  mailWarning,
  newDraft,
  newField,
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

/** Creates or edits a message: type, title, text, popup, planned window, recipients, e-mail, feedback form. */
export function MessageDialog({ meldung, standardEmpfaenger, emailParameter, onClose }: MessageDialogProps) {
  const settings = useSettings();
  const groups = settings.data?.nutzergruppen ?? [];
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [initialDraft] = useState<MessageDraft>(() =>
    meldung ? draftOf(meldung, emailParameter) : newDraft(standardEmpfaenger, emailParameter),
  );
  const [draft, setDraft] = useState<MessageDraft>(initialDraft);
  const { requestClose, confirmDialog } = useDiscardGuard(
    JSON.stringify(draft) !== JSON.stringify(initialDraft),
    onClose,
  );
  const [touched, setTouched] = useState(false);
  const saveAction = useSaveAction();
  const w1 = useW1();
  const errors = draftErrors(draft);
  const invalid = hasErrors(errors);
  const answered = new Set(meldung?.rueckmeldung.beantworteteFelder ?? []);
  const update = (patch: Partial<MessageDraft>) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const fields = draft.rueckmeldung.formularfelder;
  const setFields = (next: FeedbackField[]) =>
    update({ rueckmeldung: { ...draft.rueckmeldung, formularfelder: next } });
  const setField = (index: number, patch: Partial<FeedbackField>) =>
    setFields(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));

  const submit = async () => {
    setTouched(true);
    if (invalid) return;
    const saved = await saveAction(() => w1.mutateAsync({ func: 'saveMeldung', data: draft }), {
      success: dashboardMessages.saved,
      failure: dashboardMessages.saveFailed,
    });
    if (saved) onClose();
  };

  const show = (message: string | undefined) => (touched ? message : undefined);

  return (
    <Dialog
      open
      onClose={requestClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="message-dialog-title"
    >
      <SubmitForm onSubmit={submit}>
        <DialogTitle id="message-dialog-title">{meldung ? 'Meldung bearbeiten' : 'Neue Meldung'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            label="Typ"
            value={draft.typ}
            onChange={(event) => update({ typ: event.target.value as MessageType })}
            size="small"
          >
            {messageTypes.map((typ) => (
              <MenuItem key={typ} value={typ}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <TypeIcon typ={typ} fontSize="small" /> {messageTypeStyle[typ].label}
                </Box>
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Betreff"
            required
            value={draft.titel}
            onChange={(event) => update({ titel: event.target.value })}
            error={show(errors.titel) !== undefined}
            helperText={show(errors.titel)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Text"
            required
            multiline
            minRows={4}
            value={draft.text}
            onChange={(event) => update({ text: event.target.value })}
            error={show(errors.text) !== undefined}
            helperText={show(errors.text)}
          />
          <FormGroup row>
            <FormControlLabel
              control={<Checkbox checked={draft.popup} onChange={(event) => update({ popup: event.target.checked })} />}
              label="Als Popup anzeigen"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.anzeigePlanen}
                  onChange={(event) => update({ anzeigePlanen: event.target.checked })}
                />
              }
              label="Anzeige planen"
            />
          </FormGroup>
          {draft.anzeigePlanen && (
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <DateTimeInput
                label="Anzeigen ab"
                value={draft.von}
                onChange={(von) => setDraft(withStart(draft, von))}
                error={show(errors.von) !== undefined}
                helperText={show(errors.von)}
              />
              <DateTimeInput
                label="Anzeigen bis"
                value={draft.bis}
                onChange={(bis) => update({ bis })}
                error={errors.bis !== undefined}
                helperText={errors.bis ?? 'leer = ohne Ende'}
              />
              <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
                {dashboardMessages.plannedLocked}
              </Typography>
            </Box>
          )}
          <ConditionEditor
            label="Empfänger"
            value={draft.bedingung_f000w1_sehen}
            groups={groups}
            onChange={(value) => update({ bedingung_f000w1_sehen: value })}
          />
          <Divider />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.sendMail}
                disabled={draft.anzeigePlanen}
                onChange={(event) => update({ sendMail: event.target.checked })}
              />
            }
            label="Zusätzlich per E-Mail senden"
          />
          {draft.sendMail && !draft.anzeigePlanen && (
            <Box>
              <FormGroup row aria-label="E-Mail-Parameter">
                {draft.sendMailParameter.map((parameter) => (
                  <FormControlLabel
                    key={parameter.id}
                    label={parameter.name}
                    control={
                      <Checkbox
                        size="small"
                        checked={parameter.checked}
                        onChange={(event) =>
                          update({
                            sendMailParameter: draft.sendMailParameter.map((entry) =>
                              entry.id === parameter.id ? { ...entry, checked: event.target.checked } : entry,
                            ),
                          })
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {mailWarning(draft, emailParameter) && (
                <Alert severity="warning">{dashboardMessages.noMailParameter}</Alert>
              )}
            </Box>
          )}
          <Divider />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.rueckmeldung.nutzen}
                onChange={(event) => update({ rueckmeldung: { ...draft.rueckmeldung, nutzen: event.target.checked } })}
              />
            }
            label="Rückmeldeformular"
          />
          {draft.rueckmeldung.nutzen && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              {fields.map((field, index) => {
                const fieldErrors = touched ? errors.fields[index] : undefined;
                const typeLocked = answered.has(field.id);
                return (
                  <Paper
                    key={field.id}
                    variant="outlined"
                    sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
                    aria-label={`Formularfeld ${index + 1}`}
                    role="group"
                  >
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                      <TextField
                        label="Name"
                        size="small"
                        value={field.name}
                        onChange={(event) => setField(index, { name: event.target.value })}
                        error={fieldErrors?.name !== undefined}
                        helperText={fieldErrors?.name}
                        sx={{ flex: 2, minWidth: 160 }}
                      />
                      <TextField
                        select
                        label="Typ"
                        size="small"
                        value={field.typ}
                        disabled={typeLocked}
                        helperText={typeLocked ? dashboardMessages.typeLocked : undefined}
                        onChange={(event) => setField(index, { typ: event.target.value as FeedbackFieldType })}
                        sx={{ flex: 1, minWidth: 150 }}
                      >
                        {feedbackFieldTypes.map((typ) => (
                          <MenuItem key={typ} value={typ}>
                            {feedbackFieldTypeLabels[typ]}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        label="Sortierung"
                        size="small"
                        type="number"
                        value={field.sort}
                        onChange={(event) => setField(index, { sort: Number(event.target.value) || 0 })}
                        sx={{ width: 110 }}
                      />
                      <IconButton
                        aria-label={`Feld ${index + 1} entfernen`}
                        onClick={() => setFields(fields.filter((_, i) => i !== index))}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Box>
                    <TextField
                      label="Beschreibung"
                      size="small"
                      value={field.beschreibung}
                      onChange={(event) => setField(index, { beschreibung: event.target.value })}
                    />
                    {field.typ !== 'text' && (
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                        {field.selectoptions.map((option, optionIndex) => (
                          <TextField
                            key={optionIndex}
                            label={`Option ${optionIndex + 1}`}
                            size="small"
                            value={option}
                            onChange={(event) =>
                              setField(index, {
                                selectoptions: field.selectoptions.map((entry, i) =>
                                  i === optionIndex ? event.target.value : entry,
                                ),
                              })
                            }
                            error={fieldErrors?.options[optionIndex] !== undefined}
                            helperText={fieldErrors?.options[optionIndex]}
                            sx={{ width: 170 }}
                            slotProps={{
                              input: {
                                endAdornment: (
                                  <IconButton
                                    size="small"
                                    aria-label={`Option ${optionIndex + 1} entfernen`}
                                    onClick={() =>
                                      setField(index, {
                                        selectoptions: field.selectoptions.filter((_, i) => i !== optionIndex),
                                      })
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
                          onClick={() =>
                            setField(index, {
                              selectoptions: [...field.selectoptions, `Option ${field.selectoptions.length + 1}`],
                            })
                          }
                        >
                          Option
                        </Button>
                        {fieldErrors?.options[-1] && (
                          <Typography color="error" variant="caption">
                            {fieldErrors.options[-1]}
                          </Typography>
                        )}
                      </Box>
                    )}
                  </Paper>
                );
              })}
              <Box>
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => setFields([...fields, newField((fields.length + 1) * 10)])}
                >
                  Feld hinzufügen
                </Button>
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={requestClose}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={invalid}>
            Speichern
          </Button>
        </DialogActions>
      </SubmitForm>
      {confirmDialog}
    </Dialog>
  );
}
