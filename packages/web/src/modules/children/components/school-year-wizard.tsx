import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countOf, hasRight } from '@hortus/contract';
import {
  SCHOOL_YEAR_STEPS,
  childCount,
  childTargets,
  childrenRights,
  schoolYearMessages,
  type ChildrenData,
  type SchoolYearResult,
  type SchoolYearState,
} from '@hortus/contract/modules/children';
import { useSettings } from '../../../platform/api/get-settings';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useRunSchoolYear } from '../api/statistics';
import { clearProgress, readProgress, writeProgress } from '../logic/school-year-progress';

/** What the change will do, for step 4 (the same rule the server applies). */
function summaryOf(data: ChildrenData, state: SchoolYearState): string[] {
  const targets = state.verteileNeueKlassen
    ? childTargets(
        data.kinder.map((kind) => ({ id: kind.id, classId: kind.id_klasse })),
        state.naechsteKlasse,
        state.wiederholer,
      )
    : new Map(data.kinder.map((kind) => [kind.id, kind.id_klasse]));
  const kids = data.kinder;
  const moving = kids.filter((kind) => (targets.get(kind.id) ?? 0) !== 0 && targets.get(kind.id) !== kind.id_klasse);
  const leaving = kids.filter((kind) => targets.get(kind.id) === 0);
  const staying = kids.length - moving.length - leaving.length;
  const lines = [
    `${childCount(moving.length)} ${moving.length === 1 ? 'wechselt' : 'wechseln'} die Klasse.`,
    `${childCount(staying)} ${staying === 1 ? 'bleibt' : 'bleiben'} in ${staying === 1 ? 'seiner' : 'ihrer'} Klasse.`,
    `${childCount(leaving.length)} ${leaving.length === 1 ? 'verlässt' : 'verlassen'} die Einrichtung und ${leaving.length === 1 ? 'wird' : 'werden'} gelöscht.`,
  ];
  if (state.alleElternkontenLoeschen) lines.push('Alle Elternkonten werden gelöscht.');
  if (state.fuerAlleNeueElternkonten) lines.push('Jedes Kind ohne Elternkonto erhält ein neues Elternkonto.');
  lines.push(
    state.anwesenheitenZuruecksetzen
      ? 'Alle gespeicherten Anwesenheiten werden gelöscht.'
      : 'Die Anwesenheiten bleiben erhalten.',
  );
  return lines;
}

/**
 * The school-year wizard (4.9): class assignment (automatic rule, repeaters stay), parent accounts,
 * attendance, check and finish. Progress stays on the device until the change succeeded.
 */
export function SchoolYearWizard({ data, onClose }: { data: ChildrenData; onClose(): void }) {
  const saveAction = useSaveAction();
  const { mutateAsync: runSchoolYear } = useRunSchoolYear();
  const classes = data.klassen;
  const mayChangeParents = hasRight(useSettings().data?.user.rechte ?? [], childrenRights.parents);
  const [state, setState] = useState<SchoolYearState>(() => {
    const stored = readProgress(classes);
    return mayChangeParents ? stored : { ...stored, alleElternkontenLoeschen: false, fuerAlleNeueElternkonten: false };
  });
  const [result, setResult] = useState<SchoolYearResult | null>(null);
  const update = (patch: Partial<SchoolYearState>) => {
    const next = { ...state, ...patch };
    setState(next);
    writeProgress(next);
  };
  const step = state.schritt;
  const finish = () =>
    void saveAction(
      async () => {
        const done = await runSchoolYear(state);
        clearProgress();
        setResult(done);
      },
      { success: schoolYearMessages.done, failure: schoolYearMessages.failed },
    );
  const switchRow = (key: keyof SchoolYearState, label: string) => (
    <FormControlLabel
      control={<Switch checked={state[key] as boolean} onChange={(e) => update({ [key]: e.target.checked })} />}
      label={label}
    />
  );
  const childOptions = data.kinder.map((kind) => ({ id: kind.id, label: kind.nameMitKlasse }));
  return (
    <DialogShell
      title={schoolYearMessages.title}
      onClose={onClose}
      width={800}
      closeLabel={null}
      actions={
        result ? (
          <Button variant="contained" onClick={onClose}>
            Schließen
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Abbrechen</Button>
            <Button disabled={step === 0} onClick={() => update({ schritt: step - 1 })}>
              Zurück
            </Button>
            {step < SCHOOL_YEAR_STEPS - 1 ? (
              <Button variant="contained" onClick={() => update({ schritt: step + 1 })}>
                Weiter
              </Button>
            ) : (
              <Button variant="contained" color="error" onClick={finish}>
                Abschließen
              </Button>
            )}
          </>
        )
      }
    >
      <Stepper activeStep={result ? SCHOOL_YEAR_STEPS : step} alternativeLabel sx={{ mb: 3 }}>
        {schoolYearMessages.steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {result ? (
        <Alert severity="success">
          {schoolYearMessages.done} {childCount(result.verschoben)}{' '}
          {result.verschoben === 1 ? 'hat die Klasse gewechselt' : 'haben die Klasse gewechselt'},{' '}
          {childCount(result.entfernt)} {result.entfernt === 1 ? 'wurde' : 'wurden'} gelöscht,{' '}
          {countOf(result.elternNeu, 'Elternkonto', 'Elternkonten')} {result.elternNeu === 1 ? 'wurde' : 'wurden'}{' '}
          angelegt.
        </Alert>
      ) : step === 0 ? (
        <Stack spacing={2}>
          {switchRow('verteileNeueKlassen', 'Kinder in die neuen Klassen verteilen')}
          {state.verteileNeueKlassen && (
            <>
              {classes.map((klasse) => (
                <TextField
                  key={klasse.id}
                  select
                  label={`${klasse.name} (${childCount(klasse.anzahlKinder)}) wird zu`}
                  value={state.naechsteKlasse[String(klasse.id)] ?? 0}
                  onChange={(e) =>
                    update({ naechsteKlasse: { ...state.naechsteKlasse, [klasse.id]: Number(e.target.value) } })
                  }
                >
                  <MenuItem value={0}>– {schoolYearMessages.leaves} –</MenuItem>
                  {classes.map((target) => (
                    <MenuItem key={target.id} value={target.id}>
                      {target.name}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
              <Autocomplete
                multiple
                options={childOptions}
                value={childOptions.filter((option) => state.wiederholer.includes(option.id))}
                onChange={(_, chosen) => update({ wiederholer: chosen.map((option) => option.id) })}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                renderInput={(params) => <TextField {...params} label="Wiederholer (bleiben in ihrer Klasse)" />}
              />
            </>
          )}
        </Stack>
      ) : step === 1 ? (
        <Stack spacing={1}>
          {!mayChangeParents && (
            <Alert severity="info">Elternkonten ändern darf nur, wer das Recht für den Reiter „Eltern“ hat.</Alert>
          )}
          {mayChangeParents && switchRow('alleElternkontenLoeschen', 'Alle Elternkonten löschen')}
          {mayChangeParents &&
            switchRow('fuerAlleNeueElternkonten', 'Für alle Kinder ohne Elternkonto neue Elternkonten anlegen')}
          <Typography variant="body2" color="text.secondary">
            Neue Elternkonten erhalten ein Startpasswort; die Zugangsdaten lassen sich danach unter „Eltern“ als
            Elternbrief drucken. Geschwister erhalten ein gemeinsames Konto.
          </Typography>
        </Stack>
      ) : step === 2 ? (
        <Stack spacing={1}>
          {switchRow('anwesenheitenZuruecksetzen', 'Alle gespeicherten Anwesenheiten löschen')}
          <Typography variant="body2" color="text.secondary">
            Archivierte Auswertungen bleiben erhalten.
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={1} data-testid="school-year-summary">
          {summaryOf(data, state).map((line) => (
            <Typography key={line}>{line}</Typography>
          ))}
          <Typography variant="body2" color="text.secondary">
            Gezählt sind die Kinder, die Sie sehen; der Wechsel gilt für alle Kinder der Einrichtung.
          </Typography>
          <Alert severity="warning">
            Die Änderung wird ganz oder gar nicht ausgeführt und lässt sich nicht rückgängig machen.
          </Alert>
        </Stack>
      )}
    </DialogShell>
  );
}

/** The settings page's entry to the wizard. */
export function SchoolYearButton({ data }: { data: ChildrenData }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {schoolYearMessages.title}
      </Button>
      {open && <SchoolYearWizard data={data} onClose={() => setOpen(false)} />}
    </>
  );
}
