import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface State {
  hasError: boolean;
}

/** Catches render errors and failed chunk loads and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>
          Die Seite konnte nicht geladen werden. Bitte die Netzwerkverbindung prüfen.
        </Typography>
        <Button variant="contained" onClick={() => location.reload()}>
          Neu laden
        </Button>
      </Box>
    );
  }
}
