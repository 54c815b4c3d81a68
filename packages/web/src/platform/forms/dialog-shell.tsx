import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { SubmitForm } from './submit-form';
import { useDialogHistory } from './use-dialog-history';

export interface DialogShellProps {
  title: ReactNode;
  /** Every way out: the close button, Escape, backdrop and browser Back (a form passes its guarded close). */
  onClose(): void;
  /** Buttons of the action row; without them the row holds only the close button. */
  actions?: ReactNode;
  /** The close button's label; null leaves it out (a form has its own Abbrechen). */
  closeLabel?: string | null;
  /** Paper width on larger screens. */
  width?: number;
  /** Below this breakpoint the dialog is fullscreen (phones: 'sm'; wide dialogs: 'md'; overviews: 'always'). */
  fullScreenBelow?: 'sm' | 'md' | 'always';
  /** Fullscreen on every screen (a page-like view: the polls of a slot). */
  fullScreen?: boolean;
  /** Between title and content (a form's tabs). */
  header?: ReactNode;
  /** Makes title, content and actions one form (Enter in a field and the submit button call it). */
  onSubmit?(): unknown;
  /** Content with dividers (scrolling lists, tabbed forms). */
  dividers?: boolean;
  /** data-testid of the paper, for browser tests. */
  testId?: string;
  /**
   * A back arrow before the title with this name, calling `onClose`: a fullscreen dialog with a long content
   * can be left at the top too, not only from the action row (issue 47: the payroll dialog).
   */
  backLabel?: string;
  children: ReactNode;
}

/**
 * The platform dialog: fullscreen on phones, browser Back closes it (its own history entry), Escape and
 * backdrop go through `onClose`. Lists, previews and the scan view use it as it is; FormDialog builds on it.
 */
export function DialogShell({
  title,
  onClose,
  actions,
  closeLabel = 'Schließen',
  width = 600,
  fullScreenBelow = 'sm',
  fullScreen: alwaysFullScreen = false,
  header,
  onSubmit,
  dividers = false,
  testId,
  backLabel,
  children,
}: DialogShellProps) {
  const theme = useTheme();
  const below = useMediaQuery(theme.breakpoints.down(fullScreenBelow === 'always' ? 'sm' : fullScreenBelow));
  const fullScreen = fullScreenBelow === 'always' || below || alwaysFullScreen;
  const titleId = useId();
  useDialogHistory(onClose);
  const body = (
    <>
      {backLabel === undefined ? (
        <DialogTitle id={titleId}>{title}</DialogTitle>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', pl: 1 }}>
          <IconButton onClick={onClose} aria-label={backLabel}>
            <ArrowBackIcon />
          </IconButton>
          <DialogTitle id={titleId} sx={{ pl: 1, flex: 1, minWidth: 0 }}>
            {title}
          </DialogTitle>
        </Stack>
      )}
      {header}
      <DialogContent dividers={dividers}>{children}</DialogContent>
      {/* The row wraps when its buttons do not fit (a phone, or five actions): none squeezed or cut (issue 47). */}
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions}
        {closeLabel !== null && <Button onClick={onClose}>{closeLabel}</Button>}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: fullScreen ? {} : { width, maxWidth: '100%' }, ...(testId ? { 'data-testid': testId } : {}) },
      }}
    >
      {onSubmit ? <SubmitForm onSubmit={onSubmit}>{body}</SubmitForm> : body}
    </Dialog>
  );
}
