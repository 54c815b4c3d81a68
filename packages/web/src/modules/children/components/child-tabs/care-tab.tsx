import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  childrenMessages,
  consentInForce,
  emptyHealthNotes,
  healthProposalMessages,
  noAloneRule,
  pickupVersionText,
  weekdayText,
  type AloneRuleView,
  type ChildView,
  type ChildrenData,
  type HealthNotes,
  type HealthProposalView,
} from '@hortus/contract/modules/children';
import { formatGermanDate } from '@hortus/contract';
import { useSaveAction } from '../../../../platform/saving/use-save-action';
import { useSaveChildren } from '../../api/children';
import { HealthNotesDialog, PaperPermissionDialog } from '../care-dialogs';

const ruleText = (rule: AloneRuleView) =>
  rule.erlaubt
    ? `allein nach Hause${rule.abZeit ? ` ab ${rule.abZeit}` : ''} (${weekdayText(rule.wochentage)})`
    : 'nicht allein nach Hause';
const givenBy = (rule: AloneRuleView) =>
  rule.von ? ` – ${rule.papier ? 'Papierformular, erfasst von' : 'von'} ${rule.von}, ${rule.am}` : '';

/** The lines of a child's health notes ('Allergien: Erdnüsse', 'Notfallkontakt: Opa Karl (Opa), 0351 …'). */
function healthLines(notes: HealthNotes): string[] {
  return [
    notes.allergien && `Allergien: ${notes.allergien}`,
    notes.medikamente && `Medikamente: ${notes.medikamente}`,
    notes.hinweise && `Hinweise: ${notes.hinweise}`,
    ...notes.notfallkontakte.map(
      (contact) =>
        `Notfallkontakt: ${contact.name}${contact.beziehung ? ` (${contact.beziehung})` : ''}, ${contact.telefon}`,
    ),
  ].filter((line): line is string => Boolean(line));
}

/** A parent's open proposal of health notes; staff who may change the child take it over or reject it. */
function HealthProposal({ proposal, disabled }: { proposal: HealthProposalView; disabled: boolean }) {
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const decide = (annehmen: boolean) =>
    void saveAction(() => save({ type: 'gesundheitVorschlagEntscheiden', data: { id: proposal.id, annehmen } }), {
      success: annehmen ? healthProposalMessages.accepted : healthProposalMessages.rejected,
      failure: childrenMessages.saveFailed,
    });
  const lines = healthLines(proposal);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="health-proposal">
      <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
        Vorschlag der Eltern ({proposal.von}, {proposal.am})
      </Typography>
      {(lines.length > 0 ? lines : ['Alle Angaben leeren']).map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
      {!disabled && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button variant="contained" size="small" onClick={() => decide(true)}>
            Übernehmen
          </Button>
          <Button size="small" onClick={() => decide(false)}>
            Ablehnen
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * 'Abholung & Gesundheit' (issue 44): today's rule, the permission to go home alone with its earlier versions
 * (a signed paper form is recorded in its own dialog), the versions of the pickup persons, the health notes
 * (changed in their own dialog) with the parents' open proposals, and the consents in force.
 */
export function CareTab({ child, data, disabled }: { child: ChildView; data: ChildrenData; disabled: boolean }) {
  const rule = child.abholung?.alleinNachHause ?? noAloneRule;
  const health = child.gesundheit ?? emptyHealthNotes;
  const [dialog, setDialog] = useState<'papier' | 'gesundheit' | null>(null);
  const consents = (data.einwilligungen ?? []).filter((request) =>
    request.antworten.some((answer) => answer.id_kind === child.id && consentInForce(request, answer, data.heute)),
  );
  const versions = child.abholung?.personenVersionen ?? [];
  const lines = healthLines(health);
  return (
    <Stack spacing={2} data-testid="care-tab">
      <Typography variant="subtitle1">Heimweg</Typography>
      {child.abholung && (
        <Alert severity={child.abholung.heute.aenderung ? 'error' : 'info'}>Heute: {child.abholung.heute.text}</Alert>
      )}
      <Typography data-testid="care-permission">
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
        <Box>
          <Button variant="outlined" onClick={() => setDialog('papier')}>
            Hortkarte (Papierformular) erfassen
          </Button>
        </Box>
      )}
      <Typography variant="subtitle1">Abholberechtigte: Verlauf</Typography>
      {versions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Noch keine Änderung aufgezeichnet
        </Typography>
      ) : (
        versions.map((version, index) => (
          <Typography
            key={`${version.am}-${index}`}
            variant="body2"
            color={index === 0 ? 'text.primary' : 'text.secondary'}
            data-testid="pickup-version"
          >
            {index === 0 ? 'Gilt seit' : 'Früher, ab'} {version.am}
            {version.von ? ` (von ${version.von})` : ''}: {pickupVersionText(version)}
          </Typography>
        ))
      )}
      <Typography variant="subtitle1">Gesundheit</Typography>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Keine Angaben
        </Typography>
      ) : (
        lines.map((line) => (
          <Typography key={line} variant="body2" data-testid="health-line">
            {line}
          </Typography>
        ))
      )}
      {(child.gesundheitVorschlaege ?? []).map((proposal) => (
        <HealthProposal key={proposal.id} proposal={proposal} disabled={disabled} />
      ))}
      {!disabled && (
        <Box>
          <Button variant="outlined" onClick={() => setDialog('gesundheit')}>
            Gesundheitsangaben bearbeiten
          </Button>
        </Box>
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
      {dialog === 'papier' && <PaperPermissionDialog childId={child.id} rule={rule} onClose={() => setDialog(null)} />}
      {dialog === 'gesundheit' && (
        <HealthNotesDialog childId={child.id} notes={health} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
