import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { noAloneRule, releaseMessages, weekdayText, type AloneRuleView } from '@hortus/contract/modules/children';
import { parentReportsMessages, type ReportChild } from '@hortus/contract/modules/parent-reports';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { WeekdayCheckboxes } from '../../../platform/forms/weekday-checkboxes';
import { useSaveParentReports } from '../api/parent-reports';

/** 'allein ab 14:00 (Mo–Do)', 'nicht allein' — a permission in one line. */
export function aloneRuleText(rule: AloneRuleView): string {
  if (!rule.erlaubt) return 'darf nicht allein nach Hause gehen';
  return `darf allein nach Hause gehen${rule.abZeit ? ` ab ${rule.abZeit} Uhr` : ''} (${weekdayText(rule.wochentage)})`;
}

/**
 * One child on the 'Kontakt' tab (issue 44): its permission to go home alone (given here, applies at once;
 * who gave it and when), its pickup persons and health notes as the Hort keeps them.
 */
export function ChildPermissions({ child }: { child: ReportChild }) {
  const saved = child.abholung?.alleinNachHause ?? noAloneRule;
  const [erlaubt, setErlaubt] = useState(saved.erlaubt);
  const [wochentage, setWochentage] = useState<number[]>(saved.erlaubt ? saved.wochentage : [1, 2, 3, 4, 5]);
  const [abZeit, setAbZeit] = useState(saved.abZeit);
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveParentReports();
  const health = child.gesundheit;
  return (
    <Paper sx={{ p: 2 }} data-testid={`permissions-${child.id}`}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {child.name}
        </Typography>
        <Typography data-testid={`permission-text-${child.id}`}>
          {aloneRuleText(saved)}
          {saved.von ? ` – ${saved.papier ? 'Papierformular, erfasst von' : 'von'} ${saved.von}, ${saved.am}` : ''}
        </Typography>
        <FormControlLabel
          control={<Switch checked={erlaubt} onChange={(event) => setErlaubt(event.target.checked)} />}
          label="Darf allein nach Hause gehen"
        />
        {erlaubt && (
          <>
            <WeekdayCheckboxes value={wochentage} onChange={setWochentage} />
            <TextField
              label="Ab (Uhrzeit)"
              type="time"
              size="small"
              value={abZeit}
              onChange={(event) => setAbZeit(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 160 }}
            />
          </>
        )}
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() =>
            void saveAction(
              () =>
                save({
                  type: 'erlaubnis',
                  data: { id_kind: child.id, alleinNachHause: { erlaubt, wochentage, abZeit: erlaubt ? abZeit : '' } },
                }),
              { success: releaseMessages.saved, failure: parentReportsMessages.sendFailed },
            )
          }
        >
          Erlaubnis speichern
        </Button>
        {(child.abholung?.personen.length ?? 0) > 0 && (
          <>
            <Typography variant="subtitle2">Abholberechtigte</Typography>
            {child.abholung?.personen.map((person) => (
              <Typography key={person.id} variant="body2">
                {person.name}
                {person.beziehung ? ` (${person.beziehung})` : ''}
                {person.gueltigBis ? `, bis ${person.gueltigBis}` : ''}
              </Typography>
            ))}
          </>
        )}
        {health && (health.allergien || health.medikamente || health.hinweise) && (
          <Alert severity="info">
            {[
              health.allergien && `Allergien: ${health.allergien}`,
              health.medikamente && `Medikamente: ${health.medikamente}`,
              health.hinweise,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
