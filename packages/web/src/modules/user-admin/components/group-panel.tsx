import { useMemo } from 'react';
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
import type { AdminGroup, RightNode, UserParameter } from '@hortus/contract';
import { RightsTree } from '../../../platform/rights/rights-tree';
import { toggleRight } from '../../../platform/rights/rights-logic';
import { groupNameError } from '../logic/group-rules';
import { AccordionPanel } from './accordion-panel';
import { IconSelect } from './icon-select';
import { usePanelDraft, type EditorPanelProps } from './use-accordion-editor';

export interface GroupPanelProps extends EditorPanelProps<AdminGroup> {
  parameters: readonly UserParameter[];
  rightsTree: RightNode | undefined;
}

/** One group in the accordion: name, icon, description, parameters, rights and flags. */
export function GroupPanel({ initial, parameters, rightsTree, onSave, ...panel }: GroupPanelProps) {
  const { disabled } = panel;
  const { draft, isChanged, change, save } = usePanelDraft(initial, onSave);
  const nameError = groupNameError(draft.name);
  const canSave = isChanged && nameError === null && !disabled;
  const checkedRights = useMemo(() => new Set(draft.rechte), [draft.rechte]);

  return (
    <AccordionPanel
      {...panel}
      testId="group-panel"
      entry={draft}
      status={
        <>
          {draft.standard ? 'Standardgruppe' : ''}
          {isChanged ? `${draft.standard ? ' · ' : ''}geändert` : ''}
        </>
      }
      canSave={canSave}
      onSave={() => save({ ...draft, name: draft.name.trim() })}
    >
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
            <FormControlLabel
              control={
                <Switch
                  checked={draft.zweiFaktorPflicht}
                  disabled={disabled}
                  onChange={(event) => change({ ...draft, zweiFaktorPflicht: event.target.checked })}
                />
              }
              label="Anmeldung mit zweitem Faktor (Authenticator-App) verlangen"
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
              onToggle={(right, on, withDescendants) =>
                change({ ...draft, rechte: [...toggleRight(rightsTree, checkedRights, right, on, withDescendants)] })
              }
            />
          ) : (
            <LinearProgress aria-label="Rechte werden geladen…" />
          )}
        </Grid>
      </Grid>
    </AccordionPanel>
  );
}
