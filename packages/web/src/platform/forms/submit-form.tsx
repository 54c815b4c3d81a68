import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A form whose submit (button or Enter in a field) calls onSubmit instead of reloading the page. */
export function SubmitForm({ onSubmit, children }: { onSubmit(): unknown; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </Box>
  );
}
