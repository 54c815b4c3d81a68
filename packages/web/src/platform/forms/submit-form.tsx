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
