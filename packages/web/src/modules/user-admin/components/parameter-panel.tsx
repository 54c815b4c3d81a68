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
import { parameterTypes } from '@hortus/contract';
import { ConditionEditor, type ConditionGroup } from '../../../platform/conditions/condition-editor';
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
import { AccordionPanel } from './accordion-panel';
import { IconSelect } from './icon-select';
import { usePanelDraft, type EditorPanelProps } from './use-accordion-editor';

export interface ParameterPanelProps extends EditorPanelProps<ParameterDraft> {
  groups: readonly ConditionGroup[];
}

/** One user parameter in the accordion: its fields, options and conditions; save when changed and valid. */
export function ParameterPanel({ initial, groups, onSave, ...panel }: ParameterPanelProps) {
  const { disabled } = panel;
  const { draft, isChanged, change, save } = usePanelDraft(initial, onSave);
  const errors = parameterErrors(draft);
  const canSave = isChanged && isParameterValid(errors) && !disabled;
  const typeName = parameterTypes.find((type) => type.id === draft.typ)?.name ?? '';

  const changeOption = (id: number, patch: Partial<OptionDraft>) =>
    change({
      ...draft,
      selectoptions: draft.selectoptions.map((option) => (option.id === id ? { ...option, ...patch } : option)),
    });

  return (
    <AccordionPanel
      {...panel}
      testId="parameter-panel"
      entry={draft}
      status={
        <>
          {typeName}
          {isChanged ? ' · geändert' : ''}
        </>
      }
      canSave={canSave}
      onSave={() => save()}
    >
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
    </AccordionPanel>
  );
}
