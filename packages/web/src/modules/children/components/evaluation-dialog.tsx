import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatGermanDate, todayIsoDay } from '@hortus/contract';
import {
  SUFFIX_MAX,
  canCreateDay,
  canCreateMonth,
  contentOptions,
  defaultEvaluationClasses,
  deletionBlocked,
  evaluationOptions,
  germanMonthLabel,
  statisticsMessages,
  type ClassView,
  type EvaluationOptions,
} from '@hortus/contract/modules/children';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { FormCheckbox, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { countEvaluated, useCreateEvaluation } from '../api/statistics';

interface Props {
  day: string;
  dayRows: readonly { anwesend: boolean }[];
  months: readonly string[];
  classes: readonly ClassView[];
  onClose(): void;
}

/**
 * Create an evaluation (4.10, 5.2): tab Tag (PDF) and tab Monat (ZIP with five contents). 'Daten danach
 * löschen' never reaches the running day or a month that has not ended (switched off, the reason shown),
 * and before anything is deleted the dialog asks, saying how many records go (issue 47).
 */
export function EvaluationDialog({ day, dayRows, months, classes, onClose }: Props) {
  const saveAction = useSaveAction();
  const { mutateAsync: create } = useCreateEvaluation();
  const [tab, setTab] = useState<'tag' | 'monat'>('tag');
  const [month, setMonth] = useState(months[0] ?? '');
  const [question, setQuestion] = useState<{ count: number; checked: EvaluationOptions } | null>(null);
  // Every option on (school.md 9), the classes without 'neu'; the contract's schema checks the suffix.
  const form = useSchemaForm(
    evaluationOptions,
    {
      anwesenheitsdiagramm: true,
      entlasszeitendiagramm: true,
      tabelleKinder: true,
      tabelleEntlasszeiten: true,
      tagesuebersichten: true,
      archivieren: true,
      loeschen: true,
      klassen: defaultEvaluationClasses(classes),
      suffix: '',
    },
    { mode: 'onChange' },
  );
  const options = form.watch();
  const chosenClasses = (options.klassen ?? []).map(Number);
  const suffix = options.suffix ?? '';
  const allowed =
    form.formState.errors.suffix === undefined &&
    chosenClasses.length > 0 &&
    (tab === 'tag' ? canCreateDay(dayRows) : canCreateMonth(month, { ...options, klassen: chosenClasses }));
  const period = tab === 'tag' ? day : month;
  const deleteBlocked = deletionBlocked(tab, period, todayIsoDay());
  const deleting = options.loeschen === true && deleteBlocked === null;
  const run = (checked: EvaluationOptions, agreed?: number) =>
    saveAction(
      async () => {
        await create({
          typ: tab,
          wert: period,
          monatsuebersichtElemente: {
            ...checked,
            loeschen: deleting,
            ...(deleting && agreed !== undefined ? { loeschenAnzahl: agreed } : {}),
          },
        });
        onClose();
      },
      { failure: statisticsMessages.fileFailed },
    );
  const submit = form.handleSubmit(async (checked) => {
    if (!deleting) return void (await run(checked));
    const count = await saveAction(() => countEvaluated({ typ: tab, wert: period, klassen: chosenClasses }), {
      failure: statisticsMessages.fileFailed,
    });
    if (count === null) return;
    if (count === 0) return void (await run(checked, 0));
    setQuestion({ count, checked });
  });
  const toggleClass = (id: number, on: boolean) =>
    form.setValue('klassen', on ? [...chosenClasses, id] : chosenClasses.filter((other) => other !== id), {
      shouldDirty: true,
    });
  return (
    <DialogShell
      title="Auswertung erstellen"
      onClose={onClose}
      width={800}
      closeLabel="Abbrechen"
      header={
        <Tabs value={tab} onChange={(_, value: 'tag' | 'monat') => setTab(value)} sx={{ px: 3 }}>
          <Tab value="tag" label="Tag" />
          <Tab value="monat" label="Monat" />
        </Tabs>
      }
      actions={
        <Button variant="contained" disabled={!allowed} onClick={() => void submit()}>
          {tab === 'tag' ? 'Tagesauswertung erstellen' : 'Monatsauswertung erstellen'}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {tab === 'tag' ? (
          <Typography>
            Tagesauswertung für den {formatGermanDate(day)}
            {canCreateDay(dayRows) ? '' : ` – ${statisticsMessages.noRecordsDay}`}
          </Typography>
        ) : (
          <>
            <TextField select label="Monat" value={month} onChange={(e) => setMonth(e.target.value)}>
              {months.length === 0 && <MenuItem value="">{statisticsMessages.noMonths}</MenuItem>}
              {months.map((value) => (
                <MenuItem key={value} value={value}>
                  {germanMonthLabel(value)}
                </MenuItem>
              ))}
            </TextField>
            <FormGroup aria-label="Inhalte">
              {contentOptions.map(([key, label]) => (
                <FormCheckbox key={key} control={form.control} name={key} label={label} />
              ))}
            </FormGroup>
          </>
        )}
        <Divider />
        <Typography variant="subtitle2">Klassen</Typography>
        <FormGroup row aria-label="Klassen">
          {classes.map((klasse) => (
            <FormControlLabel
              key={klasse.id}
              control={
                <Checkbox
                  checked={chosenClasses.includes(klasse.id)}
                  onChange={(e) => toggleClass(klasse.id, e.target.checked)}
                />
              }
              label={klasse.name}
            />
          ))}
        </FormGroup>
        <Divider />
        <FormCheckbox control={form.control} name="archivieren" variant="switch" label="Im Archiv speichern" />
        {deleteBlocked === null ? (
          <FormCheckbox control={form.control} name="loeschen" variant="switch" label="Daten danach löschen" />
        ) : (
          <div>
            <FormControlLabel
              control={
                <Switch checked={false} disabled slotProps={{ input: { 'aria-describedby': 'loeschen-reason' } }} />
              }
              label="Daten danach löschen"
            />
            <Typography id="loeschen-reason" variant="body2" color="text.secondary">
              {deleteBlocked}
            </Typography>
          </div>
        )}
        <FormTextField
          control={form.control}
          name="suffix"
          label="Namenszusatz (optional)"
          slotProps={{ htmlInput: { maxLength: SUFFIX_MAX } }}
          helperText={`${suffix.length}/${SUFFIX_MAX} Zeichen`}
        />
      </Stack>
      <ConfirmDialog
        open={question !== null}
        title={statisticsMessages.deleteTitle}
        text={question ? statisticsMessages.deleteQuestion(question.count) : ''}
        confirmLabel={statisticsMessages.deleteConfirm}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          if (!question) return;
          setQuestion(null);
          void run(question.checked, question.count);
        }}
      />
    </DialogShell>
  );
}
