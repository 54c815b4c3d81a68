import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { forgetFailedLoads } from '../lazy/lazy-export';

interface Props {
  children: ReactNode;
  /**
   * Inside a page (a module's tab, keyed by it): menu, offline banner and the other tabs stay. Opening
   * the page again (a new boundary) or 'Erneut versuchen' loads code that failed before again
   * (`forgetFailedLoads`) instead of reloading the app.
   */
  inPage?: boolean;
}

interface State {
  hasError: boolean;
}

/** Catches render errors and failed chunk loads and offers a reload. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  constructor(props: Props) {
    super(props);
    if (props.inPage) forgetFailedLoads();
  }

  private readonly retry = () => {
    forgetFailedLoads();
    this.setState({ hasError: false });
  };

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
        {this.props.inPage ? (
          <Button variant="contained" onClick={this.retry}>
            Erneut versuchen
          </Button>
        ) : (
          <Button variant="contained" onClick={() => location.reload()}>
            Neu laden
          </Button>
        )}
      </Box>
    );
  }
}
