import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import type { ConditionLike } from '@hortus/contract';
import { groupAllowed, impliedGroup, toggleGroup, type EditableCondition } from './condition-logic';

export interface ConditionGroup {
  id: number;
  name: string;
}

export interface ConditionEditorProps<C extends EditableCondition> {
  /** {alle, gruppen, nutzer?}; nutzer is kept as it is. */
  value: C;
  groups: readonly ConditionGroup[];
  onChange(value: C): void;
  disabled?: boolean;
  /** Title of the editor, also the accessible name of its group. */
  label: string;
  /**
   * A condition that allows at least as much as this one (editing implies seeing): what it allows is
   * shown as allowed here too, and cannot be taken away here.
   */
  implied?: ConditionLike;
}

/** Who may do something: an 'Alle' switch, or checkboxes for the groups. */
export function ConditionEditor<C extends EditableCondition>({
  value,
  groups,
  onChange,
  disabled = false,
  label,
  implied,
}: ConditionEditorProps<C>) {
  const allImplied = implied?.alle ?? false;
  const showAll = value.alle || allImplied;
  return (
    <Box component="fieldset" role="group" aria-label={label} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
        {label}
      </FormLabel>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={showAll}
            disabled={disabled || allImplied}
            onChange={(event) => onChange({ ...value, alle: event.target.checked })}
          />
        }
        label="Alle"
      />
      {!showAll && (
        <FormGroup row>
          {groups.map((group) => {
            const isImplied = impliedGroup(group.id, implied);
            return (
              <FormControlLabel
                key={group.id}
                control={
                  <Checkbox
                    size="small"
                    checked={groupAllowed(value, group.id, implied)}
                    disabled={disabled || isImplied}
                    onChange={(event) => onChange(toggleGroup(value, group.id, event.target.checked))}
                  />
                }
                label={group.name}
              />
            );
          })}
        </FormGroup>
      )}
    </Box>
  );
}
