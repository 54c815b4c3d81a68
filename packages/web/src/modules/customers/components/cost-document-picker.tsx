import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { customerCalls } from '@hortus/contract/modules/customers';
import { uploadRule } from '../../../platform/api/upload';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';

export type CostDocumentKind = 1 | 20 | 100;

const kindNames: Record<CostDocumentKind, string> = { 1: 'Rechnung', 20: 'Buchungsbeleg', 100: 'Sonstiges' };

/** A cost document's kind and the file picker of a cost's upload (the uploaded cost's and the new cost's). */
export function CostDocumentPicker({
  kind,
  onKind,
  onFile,
}: {
  kind: CostDocumentKind;
  onKind(kind: CostDocumentKind): void;
  onFile(file: File): void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Art"
        value={kind}
        onChange={(event) => onKind(Number(event.target.value) as CostDocumentKind)}
        sx={{ minWidth: 170 }}
      >
        {([1, 20, 100] as const).map((value) => (
          <MenuItem key={value} value={value}>
            {kindNames[value]}
          </MenuItem>
        ))}
      </TextField>
      <FilePickerButton
        label="PDF oder Bild hochladen"
        variant="outlined"
        rule={uploadRule(customerCalls.kostenUpload, 'file')}
        onFiles={([file]) => file && onFile(file)}
      />
    </Stack>
  );
}

export interface PendingCostDocument {
  kind: CostDocumentKind;
  file: File;
}

/**
 * A new cost's documents, chosen before its first save and uploaded right after it (issue 47: the receipt could
 * only be added once the cost had been saved and opened again).
 */
export function PendingCostDocuments({
  pending,
  onChange,
}: {
  pending: readonly PendingCostDocument[];
  onChange(pending: PendingCostDocument[]): void;
}) {
  // The invoice first, then booking receipts (as for a saved cost); the user may choose another kind.
  const [chosen, setChosen] = useState<CostDocumentKind | null>(null);
  const kind = chosen ?? (pending.some((entry) => entry.kind === 1) ? 20 : 1);
  return (
    <Stack spacing={1} data-testid="cost-pending-documents">
      <CostDocumentPicker
        kind={kind}
        onKind={setChosen}
        onFile={(file) => {
          onChange([...pending, { kind, file }]);
          setChosen(null);
        }}
      />
      {pending.length > 0 && (
        <List dense aria-label="Dokumente zum Hochladen beim Speichern">
          {pending.map((entry, index) => (
            <ListItem
              key={`${entry.file.name}-${index}`}
              disableGutters
              secondaryAction={
                <Button size="small" onClick={() => onChange(pending.filter((_, position) => position !== index))}>
                  Entfernen
                </Button>
              }
            >
              <ListItemText
                primary={entry.file.name}
                secondary={`${kindNames[entry.kind]} · wird beim Speichern hochgeladen`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
