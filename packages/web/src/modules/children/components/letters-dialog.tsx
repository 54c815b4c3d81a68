import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countOf, hasRight } from '@hortus/contract';
import { childrenRights, type ChildrenSettings } from '@hortus/contract/modules/children';
import { useSettings } from '../../../platform/api/get-settings';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/**
 * The parent-letter dialog ('Zugangsdaten für alle'): what the letters hold, the PDF of every chosen
 * account, and for holders of x|200|set the link to the settings where the letter's texts are kept
 * (school.md 6).
 */
export function LettersDialog({
  parentIds,
  settings,
  onCreate,
  onClose,
}: {
  parentIds: readonly number[];
  settings: Pick<
    ChildrenSettings,
    | 'eltern_elternbriefLogindaten_appurl'
    | 'eltern_elternbriefLogindaten_textBeforeLogindata'
    | 'eltern_elternbriefLogindaten_textAfterLogindata'
  >;
  onCreate(ids: number[]): void;
  onClose(): void;
}) {
  const maySetUp = hasRight(useSettings().data?.user.rechte ?? [], childrenRights.settings);
  const url = settings.eltern_elternbriefLogindaten_appurl;
  return (
    <DialogShell
      title="Elternbriefe"
      onClose={onClose}
      width={500}
      closeLabel="Abbrechen"
      actions={
        <Button
          variant="contained"
          disabled={parentIds.length === 0}
          onClick={() => {
            onCreate([...parentIds]);
            onClose();
          }}
        >
          PDF erstellen
        </Button>
      }
    >
      <Stack spacing={1.5}>
        <Typography>
          Je Elternkonto ein Brief mit Benutzername und Startpasswort ({countOf(parentIds.length, 'Brief', 'Briefe')}).
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Adresse der App im Brief: {url === '' ? 'nicht angegeben' : url}
        </Typography>
        {maySetUp && (
          <Link component={RouterLink} to="/200-set">
            Texte und Adresse der Elternbriefe in den Einstellungen ändern
          </Link>
        )}
      </Stack>
    </DialogShell>
  );
}
