import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A form whose submit (button or Enter in a field) calls onSubmit instead of reloading the page. The submit
 * stops here: a dialog opened from another dialog's content is rendered in a portal, but React events still
 * reach the outer dialog's form, which would save (and close) too.
 */
export function SubmitForm({ onSubmit, children }: { onSubmit(): unknown; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      // The form takes the dialog paper's column layout on: the content scrolls between title and actions, so
      // the action row stays in sight (issue 47: in the fullscreen payroll dialog it sat below 30 day rows).
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void onSubmit();
      }}
    >
      {children}
    </Box>
  );
}
