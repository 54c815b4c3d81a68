import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionActions from '@mui/material/AccordionActions';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { AdminGroup, RightNode, UserParameter } from '@hortus/contract';
import { MenuIcon } from '../../../platform/icons/menu-icon';
import { RightsTree } from '../../../platform/rights/rights-tree';
import { toggleRight } from '../../../platform/rights/rights-logic';
import { groupNameError } from '../logic/group-rules';
import { IconSelect } from './icon-select';

export interface GroupPanelProps {
  initial: AdminGroup;
  parameters: readonly UserParameter[];
  rightsTree: RightNode | undefined;
  expanded: boolean;
  onExpand(expanded: boolean): void;
  /** Saves; resolves with the stored group on success, null on failure. */
  onSave(group: AdminGroup): Promise<AdminGroup | null>;
  onDelete(): void;
  disabled?: boolean;
}

/** One group in the accordion: name, icon, description, parameters, rights and flags. */
export function GroupPanel({
  initial,
  parameters,
  rightsTree,
  expanded,
  onExpand,
  onSave,
  onDelete,
  disabled,
}: GroupPanelProps) {
  const [draft, setDraft] = useState(initial);
  const [isChanged, setChanged] = useState(initial.id === 0);
  const nameError = groupNameError(draft.name);
  const canSave = isChanged && nameError === null && !disabled;
  const checkedRights = useMemo(() => new Set(draft.rechte), [draft.rechte]);

  const change = (next: AdminGroup) => {
    setDraft(next);
    setChanged(true);
  };

  const save = async () => {
    const saved = await onSave({ ...draft, name: draft.name.trim() });
    if (saved) {
      setDraft(saved);
      setChanged(false);
    }
  };

  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, next) => onExpand(next)}
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid="group-panel"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <MenuIcon name={draft.icon} fontSize="small" />
          <Typography sx={{ fontWeight: 500 }}>{draft.name || '–'}</Typography>
          <Typography color="text.secondary" variant="body2">
            {draft.standard ? 'Standardgruppe' : ''}
            {isChanged ? `${draft.standard ? ' · ' : ''}geändert` : ''}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <TextField
                fullWidth
                label="Name"
                value={draft.name}
                disabled={disabled}
                onChange={(event) => change({ ...draft, name: event.target.value })}
                error={nameError !== null}
                helperText={nameError ?? ' '}
              />
              <IconSelect value={draft.icon} disabled={disabled} onChange={(icon) => change({ ...draft, icon })} />
              <TextField
                fullWidth
                multiline
                minRows={2}
                label="Beschreibung"
                value={draft.beschreibung}
                disabled={disabled}
                onChange={(event) => change({ ...draft, beschreibung: event.target.value })}
              />
              <FormControl component="fieldset" disabled={disabled}>
                <FormLabel component="legend">Parameter</FormLabel>
                <FormGroup>
                  {parameters.map((parameter) => (
                    <FormControlLabel
                      key={parameter.id}
                      label={parameter.name}
                      control={
                        <Checkbox
                          checked={draft.nutzerparameter.includes(parameter.id)}
                          onChange={(event) => {
                            const rest = draft.nutzerparameter.filter((id) => id !== parameter.id);
                            change({
                              ...draft,
                              nutzerparameter: event.target.checked ? [...rest, parameter.id] : rest,
                            });
                          }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.standard}
                    disabled={disabled}
                    onChange={(event) => change({ ...draft, standard: event.target.checked })}
                  />
                }
                label="Standardgruppe (für neue Benutzer vorausgewählt)"
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.forcePwReset}
                    disabled={disabled}
                    onChange={(event) => change({ ...draft, forcePwReset: event.target.checked })}
                  />
                }
                label="Passwortänderung nach dem ersten Login verlangen"
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} component="section" aria-label="Rechte der Gruppe">
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Rechte
            </Typography>
            {rightsTree ? (
              <RightsTree
                tree={rightsTree}
                checked={checkedRights}
                locked={disabled}
                onToggle={(right, on) =>
                  change({ ...draft, rechte: [...toggleRight(rightsTree, checkedRights, right, on)] })
                }
              />
            ) : (
              <LinearProgress aria-label="Rechte werden geladen…" />
            )}
          </Grid>
        </Grid>
      </AccordionDetails>
      <AccordionActions>
        <Button color="error" startIcon={<DeleteIcon />} disabled={disabled} onClick={onDelete}>
          Löschen
        </Button>
        <Button variant="contained" disabled={!canSave} onClick={() => void save()}>
          Speichern
        </Button>
      </AccordionActions>
    </Accordion>
  );
}
