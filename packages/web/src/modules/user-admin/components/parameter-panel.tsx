import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionActions from '@mui/material/AccordionActions';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { parameterTypes } from '@hortus/contract';
import { ConditionEditor, type ConditionGroup } from '../../../platform/conditions/condition-editor';
import { MenuIcon } from '../../../platform/icons/menu-icon';
import {
  addOption,
  conditionAreas,
  hasOptions,
  isParameterValid,
  parameterErrors,
  withCondition,
  type OptionDraft,
  type ParameterDraft,
} from '../logic/parameter-rules';
import { IconSelect } from './icon-select';

export interface ParameterPanelProps {
  initial: ParameterDraft;
  groups: readonly ConditionGroup[];
  expanded: boolean;
  onExpand(expanded: boolean): void;
  /** Saves; resolves with the stored draft on success, null on failure. */
  onSave(draft: ParameterDraft): Promise<ParameterDraft | null>;
  onDelete(): void;
  disabled?: boolean;
}

/** One user parameter in the accordion: its fields, options and conditions; save when changed and valid. */
export function ParameterPanel({
  initial,
  groups,
  expanded,
  onExpand,
  onSave,
  onDelete,
  disabled,
}: ParameterPanelProps) {
  const [draft, setDraft] = useState(initial);
  // A new parameter is unsaved from the start.
  const [isChanged, setChanged] = useState(initial.id === 0);
  const errors = parameterErrors(draft);
  const canSave = isChanged && isParameterValid(errors) && !disabled;
  const typeName = parameterTypes.find((type) => type.id === draft.typ)?.name ?? '';

  const change = (next: ParameterDraft) => {
    setDraft(next);
    setChanged(true);
  };
  const changeOption = (id: number, patch: Partial<OptionDraft>) =>
    change({
      ...draft,
      selectoptions: draft.selectoptions.map((option) => (option.id === id ? { ...option, ...patch } : option)),
    });

  const save = async () => {
    const saved = await onSave(draft);
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
      data-testid="parameter-panel"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <MenuIcon name={draft.icon} fontSize="small" />
          <Typography sx={{ fontWeight: 500 }}>{draft.name || '–'}</Typography>
          <Typography color="text.secondary" variant="body2">
            {typeName}
            {isChanged ? ' · geändert' : ''}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label="Name"
              value={draft.name}
              disabled={disabled}
              onChange={(event) => change({ ...draft, name: event.target.value })}
              error={errors.name !== null}
              helperText={errors.name ?? ' '}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <IconSelect value={draft.icon} disabled={disabled} onChange={(icon) => change({ ...draft, icon })} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label="Sortierung"
              value={draft.sort}
              disabled={disabled}
              onChange={(event) => change({ ...draft, sort: event.target.value })}
              error={errors.sort !== null}
              helperText={errors.sort ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label="Typ"
              value={draft.typ}
              disabled={disabled}
              onChange={(event) => change({ ...draft, typ: Number(event.target.value) })}
            >
              {parameterTypes.map((type) => (
                <MenuItem key={type.id} value={type.id}>
                  {type.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={12}>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.ident}
                  disabled={disabled}
                  onChange={(event) => change({ ...draft, ident: event.target.checked })}
                />
              }
              label="Identifikationsparameter (Teil des Namens)"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.f100.seeOnTable}
                  disabled={disabled}
                  onChange={(event) => change({ ...draft, f100: { seeOnTable: event.target.checked } })}
                />
              }
              label="In der Mitgliederliste anzeigen"
            />
          </Grid>
          {hasOptions(draft.typ) && (
            <Grid size={12}>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Auswahloptionen
              </Typography>
              <Stack spacing={1}>
                {draft.selectoptions.map((option, index) => {
                  const optionErrors = errors.options[option.id];
                  return (
                    <Stack key={option.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <TextField
                        size="small"
                        label={`Sortierung Option ${index + 1}`}
                        value={option.sort}
                        disabled={disabled}
                        sx={{ width: 160 }}
                        onChange={(event) => changeOption(option.id, { sort: event.target.value })}
                        error={Boolean(optionErrors?.sort)}
                        helperText={optionErrors?.sort ?? ' '}
                        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      />
                      <TextField
                        size="small"
                        label={`Wert Option ${index + 1}`}
                        value={option.wert}
                        disabled={disabled}
                        sx={{ flex: 1 }}
                        onChange={(event) => changeOption(option.id, { wert: event.target.value })}
                        error={Boolean(optionErrors?.wert)}
                        helperText={optionErrors?.wert ?? ' '}
                      />
                      <IconButton
                        aria-label={`Option ${index + 1} löschen`}
                        disabled={disabled}
                        onClick={() =>
                          change({
                            ...draft,
                            selectoptions: draft.selectoptions.filter((item) => item.id !== option.id),
                          })
                        }
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Stack>
                  );
                })}
                <Box>
                  <Button startIcon={<AddIcon />} disabled={disabled} onClick={() => change(addOption(draft))}>
                    Option
                  </Button>
                </Box>
              </Stack>
            </Grid>
          )}
          {conditionAreas.map(({ area, label }) => (
            <Grid key={area} size={{ xs: 12, md: 4 }}>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {label}
              </Typography>
              <Stack spacing={1}>
                <ConditionEditor
                  label={`${label}: sehen`}
                  value={draft.bedingungen[area].sehen}
                  implied={draft.bedingungen[area].bearbeiten}
                  groups={groups}
                  disabled={disabled}
                  onChange={(value) => change(withCondition(draft, area, 'sehen', value))}
                />
                <ConditionEditor
                  label={`${label}: bearbeiten`}
                  value={draft.bedingungen[area].bearbeiten}
                  groups={groups}
                  disabled={disabled}
                  onChange={(value) => change(withCondition(draft, area, 'bearbeiten', value))}
                />
              </Stack>
            </Grid>
          ))}
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
