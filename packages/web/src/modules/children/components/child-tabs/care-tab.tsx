import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  childrenMessages,
  consentInForce,
  emptyHealthNotes,
  noAloneRule,
  weekdayText,
  type AloneRuleView,
  type ChildView,
  type ChildrenData,
} from '@hortus/contract/modules/children';
import { formatGermanDate } from '@hortus/contract';
import { useSaveAction } from '../../../../platform/saving/use-save-action';
import { WeekdayCheckboxes } from '../../../../platform/forms/weekday-checkboxes';
import { useSaveChildren } from '../../api/children';

const ruleText = (rule: AloneRuleView) =>
  rule.erlaubt
    ? `allein nach Hause${rule.abZeit ? ` ab ${rule.abZeit}` : ''} (${weekdayText(rule.wochentage)})`
    : 'nicht allein nach Hause';
const givenBy = (rule: AloneRuleView) =>
  rule.von ? ` – ${rule.papier ? 'Papierformular, erfasst von' : 'von'} ${rule.von}, ${rule.am}` : '';

/**
 * 'Abholung & Gesundheit' (issue 44): the permission to go home alone with its earlier versions (and a signed
 * paper form to record), today's rule, the health notes, and the consents in force.
 */
export function CareTab({ child, data, disabled }: { child: ChildView; data: ChildrenData; disabled: boolean }) {
  const rule = child.abholung?.alleinNachHause ?? noAloneRule;
  const [paper, setPaper] = useState({ erlaubt: rule.erlaubt, wochentage: rule.wochentage, abZeit: rule.abZeit });
  const [health, setHealth] = useState(child.gesundheit ?? emptyHealthNotes);
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const consents = (data.einwilligungen ?? []).filter((request) =>
    request.antworten.some((answer) => answer.id_kind === child.id && consentInForce(request, answer, data.heute)),
  );
  return (
    <Stack spacing={2} data-testid="care-tab">
      <Typography variant="subtitle1">Heimweg</Typography>
      {child.abholung && (
        <Alert severity={child.abholung.heute.aenderung ? 'error' : 'info'}>Heute: {child.abholung.heute.text}</Alert>
      )}
      <Typography>
        {ruleText(rule)}
        {givenBy(rule)}
      </Typography>
      {(child.abholung?.versionen ?? []).map((version) => (
        <Typography key={`${version.am}-${version.von}`} variant="body2" color="text.secondary">
          Früher: {ruleText(version)}
          {givenBy(version)}
        </Typography>
      ))}
      {!disabled && (
        <Stack spacing={1} component="section" aria-label="Papierformular erfassen">
          <FormControlLabel
            control={
              <Switch checked={paper.erlaubt} onChange={(e) => setPaper({ ...paper, erlaubt: e.target.checked })} />
            }
            label="Unterschriebenes Formular: darf allein nach Hause gehen"
          />
          {paper.erlaubt && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <WeekdayCheckboxes
                value={paper.wochentage}
                onChange={(wochentage) => setPaper({ ...paper, wochentage })}
              />
              <TextField
                label="Ab (Uhrzeit)"
                type="time"
                size="small"
                value={paper.abZeit}
                onChange={(e) => setPaper({ ...paper, abZeit: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          )}
          <Button
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              void saveAction(() => save({ type: 'erlaubnis', data: { id_kind: child.id, alleinNachHause: paper } }), {
                success: 'Papierformular erfasst.',
                failure: childrenMessages.saveFailed,
              })
            }
          >
            Papierformular erfassen
          </Button>
        </Stack>
      )}
      <Typography variant="subtitle1">Gesundheit</Typography>
      <TextField
        label="Allergien und Unverträglichkeiten"
        value={health.allergien}
        disabled={disabled}
        multiline
        onChange={(e) => setHealth({ ...health, allergien: e.target.value })}
      />
      <TextField
        label="Medikamente (was, wann, wo aufbewahrt)"
        value={health.medikamente}
        disabled={disabled}
        multiline
        onChange={(e) => setHealth({ ...health, medikamente: e.target.value })}
      />
      <TextField
        label="Hinweise"
        value={health.hinweise}
        disabled={disabled}
        multiline
        onChange={(e) => setHealth({ ...health, hinweise: e.target.value })}
      />
      {health.notfallkontakte.map((contact, index) => (
        <Typography key={`${contact.name}-${index}`} variant="body2">
          Notfallkontakt: {contact.name}
          {contact.beziehung ? ` (${contact.beziehung})` : ''}, {contact.telefon}
        </Typography>
      ))}
      {!disabled && (
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() =>
            void saveAction(() => save({ type: 'gesundheit', data: { id_kind: child.id, ...health } }), {
              success: 'Gesundheitsangaben gespeichert.',
              failure: childrenMessages.saveFailed,
            })
          }
        >
          Gesundheitsangaben speichern
        </Button>
      )}
      <Typography variant="subtitle1">Einwilligungen in Kraft</Typography>
      {consents.length === 0 ? (
        <Typography variant="body2">Keine</Typography>
      ) : (
        consents.map((request) => (
          <Typography key={request.id} variant="body2" data-testid="consent-in-force">
            {request.titel} ({request.zweck}){request.gueltigBis ? `, bis ${formatGermanDate(request.gueltigBis)}` : ''}
          </Typography>
        ))
      )}
    </Stack>
  );
}
