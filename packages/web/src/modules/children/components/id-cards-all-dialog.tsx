import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { idCardMessages, type ClassView } from '@hortus/contract/modules/children';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadAllIdCards } from '../api/id-cards';
import { DialogShell } from '../../../platform/forms/dialog-shell';

/** 'ID cards for all': the cards of every child of the chosen classes as one PDF. */
export function IdCardsAllDialog({
  classes,
  selected,
  onClose,
}: {
  classes: readonly ClassView[];
  /** The list's class filter (0: all classes), chosen at the start. */
  selected: number;
  onClose(): void;
}) {
  const saveAction = useSaveAction();
  const seen = classes.filter((k) => k.sehen);
  const [chosen, setChosen] = useState<number[]>(() =>
    seen.filter((k) => selected === 0 || k.id === selected).map((k) => k.id),
  );
  const toggle = (id: number) => setChosen(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  const download = async () => {
    const done = await saveAction(() => downloadAllIdCards(chosen), { failure: idCardMessages.fileFailed });
    if (done !== null) onClose();
  };
  return (
    <DialogShell
      title="Ausweise für alle"
      onClose={onClose}
      width={500}
      closeLabel="Abbrechen"
      actions={
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => void download()}>
          PDF erstellen
        </Button>
      }
    >
      <FormGroup>
        {seen.map((k) => (
          <FormControlLabel
            key={k.id}
            control={<Checkbox checked={chosen.includes(k.id)} onChange={() => toggle(k.id)} />}
            label={k.name}
          />
        ))}
      </FormGroup>
    </DialogShell>
  );
}
