import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionActions from '@mui/material/AccordionActions';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { MenuIcon } from '../../../platform/icons/menu-icon';
import type { EditorPanelProps } from './use-accordion-editor';

export interface AccordionPanelProps extends Pick<
  EditorPanelProps<unknown>,
  'expanded' | 'onExpand' | 'onDelete' | 'disabled'
> {
  testId: string;
  /** The entry whose icon and name the summary shows. */
  entry: { icon: string; name: string };
  /** The secondary text after the name (kind, changed flag). */
  status: ReactNode;
  canSave: boolean;
  onSave(): Promise<void>;
  children: ReactNode;
}

/** The shell of one entry in an admin accordion: summary, details and the delete and save actions. */
export function AccordionPanel({
  testId,
  entry,
  status,
  expanded,
  onExpand,
  canSave,
  onSave,
  onDelete,
  disabled,
  children,
}: AccordionPanelProps) {
  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, next) => onExpand(next)}
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid={testId}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <MenuIcon name={entry.icon} fontSize="small" />
          <Typography sx={{ fontWeight: 500 }}>{entry.name || '–'}</Typography>
          <Typography color="text.secondary" variant="body2">
            {status}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
      <AccordionActions>
        <Button color="error" startIcon={<DeleteIcon />} disabled={disabled} onClick={onDelete}>
          Löschen
        </Button>
        <Button variant="contained" disabled={!canSave} onClick={() => void onSave()}>
          Speichern
        </Button>
      </AccordionActions>
    </Accordion>
  );
}
