import Alert from '@mui/material/Alert';
import Tooltip from '@mui/material/Tooltip';
import MedicalInformationIcon from '@mui/icons-material/MedicalInformation';
import { hasHealthAlert, type HealthNotes } from '@hortus/contract/modules/children';

const healthText = (notes: HealthNotes) =>
  [
    notes.allergien && `Allergien: ${notes.allergien}`,
    notes.medikamente && `Medikamente: ${notes.medikamente}`,
    notes.hinweise && `Hinweise: ${notes.hinweise}`,
  ]
    .filter(Boolean)
    .join(' · ');

/** The health icon of a child with allergies or medication (children table, scan station; issue 44). */
export function HealthIcon({ notes, name }: { notes: HealthNotes | undefined; name: string }) {
  if (!notes || !hasHealthAlert(notes)) return null;
  return (
    <Tooltip title={healthText(notes)}>
      <MedicalInformationIcon
        color="error"
        fontSize="small"
        role="img"
        aria-label={`Gesundheitshinweis ${name}: ${healthText(notes)}`}
        data-testid="health-icon"
        sx={{ verticalAlign: 'middle', ml: 0.5 }}
      />
    </Tooltip>
  );
}

/** A child's health notes where staff release it (release dialog, scan station). */
export function HealthAlert({ notes }: { notes: HealthNotes | undefined }) {
  if (!notes || !hasHealthAlert(notes)) return null;
  return (
    <Alert severity="warning" icon={<MedicalInformationIcon />} sx={{ mb: 1 }} data-testid="health-alert">
      {healthText(notes)}
    </Alert>
  );
}
