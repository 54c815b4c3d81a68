import { hasSession } from '../session/storage';
import { LoginScreen } from './login-screen';
import { StartRedirect } from './start-redirect';

/** Route '/': the login screen, or straight into the app when a session code is stored. */
export function LoginPage() {
  return hasSession() ? <StartRedirect /> : <LoginScreen />;
}
