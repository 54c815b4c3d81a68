import { hasSession } from '../session/storage';
import { LoginScreen } from './login-screen';

import { lazyExport } from '../lazy/lazy-export';

// Only for a stored session: its code (settings, start route) is not part of the login route.
const StartRedirect = lazyExport(() => import('./start-redirect'), 'StartRedirect');

export interface LoginPageProps {
  /** Opens a route of the logged-in app (the app router loads only then). */
  onEnterApp(route: string): void;
}

/** Route '/': the login screen, or straight into the app when a session code is stored. */
export function LoginPage({ onEnterApp }: LoginPageProps) {
  return hasSession() ? <StartRedirect onEnterApp={onEnterApp} /> : <LoginScreen onEnterApp={onEnterApp} />;
}
