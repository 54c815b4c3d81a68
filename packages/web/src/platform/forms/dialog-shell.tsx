import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
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
  children,
}: DialogShellProps) {
  const theme = useTheme();
  const below = useMediaQuery(theme.breakpoints.down(fullScreenBelow === 'always' ? 'sm' : fullScreenBelow));
  const fullScreen = fullScreenBelow === 'always' || below || alwaysFullScreen;
  const titleId = useId();
  useDialogHistory(onClose);
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {header}
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
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
