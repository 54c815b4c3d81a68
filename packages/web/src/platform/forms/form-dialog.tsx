import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { SaveTexts } from '../saving/use-save-action';
import { SubmitForm } from './submit-form';
import { useDialogHistory } from './use-dialog-history';
import { useDiscardGuard } from './use-discard-guard';
import { useFormSave } from './use-form-save';

export interface FormDialogProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  title: ReactNode;
  /** Saves the checked values; a thrown ApiError's field errors are put back onto the fields. */
  onSubmit(values: TOutput): Promise<unknown>;
  /** Closes the dialog (after a save, or when the user leaves it; a changed form asks first). */
  onClose(): void;
  /** The alert texts of the save (useSaveAction). */
  texts: SaveTexts;
  /** The wire prefix of the server's error keys, e.g. 'dataToSave.data.'. */
  serverErrorPrefix?: string;
  /** Paper width on larger screens; below `sm` the dialog is fullscreen. */
  width?: number;
  submitLabel?: string;
  /** Speichern only while the form is changed and valid (use with `mode: 'onChange'`). */
  saveOnlyWhenChanged?: boolean;
  /** Further buttons at the start of the action row (e.g. Löschen). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/**
 * The platform edit dialog: a react-hook-form form (see useSchemaForm) with Abbrechen / Speichern,
 * the saving overlay and alerts of useSaveAction, server field errors on the fields and the dirty check.
 */
export function FormDialog<TValues extends FieldValues, TOutput>({
  form,
  title,
  onSubmit,
  onClose,
  texts,
  serverErrorPrefix,
  width = 600,
  submitLabel = 'Speichern',
  saveOnlyWhenChanged = false,
  extraActions,
  children,
}: FormDialogProps<TValues, TOutput>) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.only('xs'));
  const titleId = useId();
  const formSave = useFormSave(form, { prefix: serverErrorPrefix });
  const { isDirty, isSubmitted, isValid } = form.formState;
  const { requestClose, confirmDialog } = useDiscardGuard(isDirty, onClose);
  useDialogHistory(requestClose);

  const submit = form.handleSubmit(async (values) => {
    if (await formSave(() => onSubmit(values), texts)) onClose();
  });

  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        fullScreen={fullScreen}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: fullScreen ? {} : { width, maxWidth: '100%' } } }}
      >
        <SubmitForm onSubmit={submit}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {children}
            </Stack>
          </DialogContent>
          <DialogActions>
            {extraActions}
            <Button onClick={requestClose}>Abbrechen</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={(isSubmitted && !isValid) || (saveOnlyWhenChanged && (!isDirty || !isValid))}
            >
              {submitLabel}
            </Button>
          </DialogActions>
        </SubmitForm>
      </Dialog>
      {confirmDialog}
    </>
  );
}
