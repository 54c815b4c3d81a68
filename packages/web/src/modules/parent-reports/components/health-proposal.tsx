import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditNoteIcon from '@mui/icons-material/EditNote';
import {
  emptyHealthNotes,
  healthInput,
  healthProposalMessages,
  healthProposalStateText,
  type HealthInput,
  type HealthNotes,
} from '@hortus/contract/modules/children';
import { parentReportsMessages, type ReportChild } from '@hortus/contract/modules/parent-reports';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { HealthNotesFields } from '../../children/public';
import { useSaveParentReports } from '../api/parent-reports';

/** The notes in lines ('Allergien: Erdnüsse', 'Notfallkontakt: Opa Karl, 0351 …'). */
const lines = (notes: HealthNotes): string[] =>
  [
    notes.allergien && `Allergien: ${notes.allergien}`,
    notes.medikamente && `Medikamente: ${notes.medikamente}`,
    notes.hinweise && `Hinweise: ${notes.hinweise}`,
    ...notes.notfallkontakte.map((contact) => `Notfallkontakt: ${contact.name}, ${contact.telefon}`),
  ].filter((line): line is string => Boolean(line));

function ProposalDialog({ childId, notes, onClose }: { childId: number; notes: HealthNotes; onClose(): void }) {
  const form = useSchemaForm(healthInput, { id_kind: childId, ...notes } satisfies HealthInput);
  const { mutateAsync: save } = useSaveParentReports();
  return (
    <FormDialog
      form={form}
      title="Gesundheitsangaben: Änderung vorschlagen"
      onSubmit={(data) => save({ type: 'gesundheitVorschlag', data })}
      onClose={onClose}
      texts={{ success: healthProposalMessages.sent, failure: parentReportsMessages.sendFailed }}
      submitLabel="Vorschlagen"
      width={640}
      testId="health-proposal-dialog"
    >
      <Suspense fallback={null}>
        <HealthNotesFields form={form} />
      </Suspense>
    </FormDialog>
  );
}

/**
 * A child's health notes on the 'Kontakt' tab (issue 44) as the Hort keeps them, and the parent's proposals
 * to change them with their state: the Hort checks a proposal and takes it over or rejects it.
 */
export function HealthSection({ child }: { child: ReportChild }) {
  const [open, setOpen] = useState(false);
  const notes = child.gesundheit ?? emptyHealthNotes;
  const proposals = child.gesundheitVorschlaege ?? [];
  const current = lines(notes);
  return (
    <Box component="section" aria-label={`Gesundheit von ${child.vorname}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          Gesundheit
        </Typography>
        <Button startIcon={<EditNoteIcon />} onClick={() => setOpen(true)}>
          Änderung vorschlagen
        </Button>
      </Stack>
      {(current.length > 0 ? current : ['Keine Angaben']).map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
      {proposals.map((proposal) => (
        <Typography
          key={proposal.id}
          variant="body2"
          color={proposal.status === 'offen' ? 'warning.main' : 'text.secondary'}
          data-testid="health-proposal-state"
        >
          Ihr Vorschlag vom {proposal.am}: {healthProposalStateText[proposal.status]}
          {proposal.entschiedenAm ? ` (${proposal.entschiedenAm})` : ''}
        </Typography>
      ))}
      {open && <ProposalDialog childId={child.id} notes={notes} onClose={() => setOpen(false)} />}
    </Box>
  );
}
