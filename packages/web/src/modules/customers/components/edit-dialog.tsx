import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useDialogHistory } from '../../../platform/forms/use-dialog-history';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import { useFormSave } from '../../../platform/forms/use-form-save';
import type { SaveTexts } from '../../../platform/saving/use-save-action';

/** The customer and order dialogs close this long after a successful save (business.md 4.2). */
export const CLOSE_DELAY_MS = 400;

export interface EditDialogProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  title: ReactNode;
  /** Fullscreen below this width (px). */
  fullScreenBelow: number;
  /** Tab labels; the children function gets the open tab. */
  tabs?: readonly string[];
  onSubmit(values: TOutput): Promise<unknown>;
  onClose(): void;
  texts: SaveTexts;
  /** Offers 'Löschen' with this confirmation text. */
  deleteText?: ReactNode;
  onDelete?(): Promise<boolean>;
  /** Read-only: no Speichern (customers viewing their orders). */
  readOnly?: boolean;
  /** The form field of a server error's wire field (after 'dataToSave.data.') when the form names it differently. */
  fieldOf?(wireField: string): string;
  children(tab: number): ReactNode;
}

/**
 * The module's edit dialog: fullscreen on narrow screens, optional tabs, Speichern only while changed,
 * closing 400 ms after the save; every way out of a changed form asks first (platform discard guard).
 */
export function EditDialog<TValues extends FieldValues, TOutput>({
  form,
  title,
  fullScreenBelow,
  tabs,
  onSubmit,
  onClose,
  texts,
  deleteText,
  onDelete,
  readOnly = false,
  fieldOf,
  children,
}: EditDialogProps<TValues, TOutput>) {
  const fullScreen = useMediaQuery(`(max-width:${fullScreenBelow - 0.05}px)`);
  const titleId = useId();
  const [tab, setTab] = useState(0);
  const [closing, setClosing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const formSave = useFormSave(form, { prefix: 'dataToSave.data.', ...(fieldOf ? { fieldOf } : {}) });
  const { isDirty, isSubmitted, isValid } = form.formState;
  const { requestClose, confirmDialog } = useDiscardGuard(isDirty && !closing, onClose);
  useDialogHistory(requestClose);

  const submit = form.handleSubmit(async (values) => {
    if (await formSave(() => onSubmit(values), texts)) {
      setClosing(true);
      form.reset(form.getValues());
      window.setTimeout(onClose, CLOSE_DELAY_MS);
    }
  });

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        fullScreen={fullScreen}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: fullScreen ? {} : { width: 900, maxWidth: '100%' } } }}
      >
        <SubmitForm onSubmit={submit}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          {tabs && tabs.length > 1 && (
            <Tabs value={tab} onChange={(_event, value: number) => setTab(value)} sx={{ px: 2 }} variant="fullWidth">
              {tabs.map((label) => (
                <Tab key={label} label={label} />
              ))}
            </Tabs>
          )}
          <DialogContent>
            <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>{children(tab)}</Box>
          </DialogContent>
          <DialogActions>
            {onDelete && (
              <Button color="error" onClick={() => setConfirmDelete(true)} sx={{ mr: 'auto' }}>
                Löschen
              </Button>
            )}
            <Button onClick={requestClose}>{readOnly ? 'Schließen' : 'Abbrechen'}</Button>
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={!isDirty || closing || (isSubmitted && !isValid)}>
                Speichern
              </Button>
            )}
          </DialogActions>
        </SubmitForm>
      </Dialog>
      {confirmDialog}
      {onDelete && (
        <ConfirmDialog
          open={confirmDelete}
          text={deleteText}
          confirmLabel="Löschen"
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            void onDelete().then((deleted) => {
              if (deleted) onClose();
            });
          }}
        />
      )}
    </>
  );
}
