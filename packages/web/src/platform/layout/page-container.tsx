import type { ReactNode } from 'react';
import Container from '@mui/material/Container';

/** The content area of a module tab. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {children}
    </Container>
  );
}
