import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '@hortus/contract/messages';
import { Notice } from '../feedback/notice';
import { useLoginScreen } from '../api/get-login-screen';
import { pageTitle } from '../navigation/page-title';
import { backgroundImageCss, safeCssColor } from '../theme/colors';
import { applyOrgPrimary } from '../theme/theme-stores';
import { LoginForm } from './login-form';
import { LoginInfoPanels } from './login-info-panels';
import { LegalLinks } from '../legal/legal-links';

/** The login screen: background, title, welcome text, form and info panels from the server. */
export function LoginScreen({ onEnterApp }: { onEnterApp(route: string): void }) {
  const { data, isError } = useLoginScreen();
  const appTitle = data?.app_titel ?? '';

  useEffect(() => {
    document.title = pageTitle(appTitle);
  }, [appTitle]);

  useEffect(() => {
    if (data) applyOrgPrimary(data.app_theme_color_primary);
  }, [data]);

  const backgroundColor = data ? safeCssColor(data.loginscreen_bg_color) : undefined;
  const backgroundImage = data ? backgroundImageCss(data.loginscreen_bg_img) : undefined;

  return (
    <Box
      component="main"
      data-testid="login-screen"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: backgroundColor ?? 'background.default',
        backgroundImage,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Paper elevation={6} sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom sx={{ wordBreak: 'break-word' }}>
            {appTitle || 'Hortus'}
          </Typography>
          {data?.app_untertitel && (
            <Typography variant="subtitle1" component="p" color="text.secondary" gutterBottom>
              {data.app_untertitel}
            </Typography>
          )}
          {data?.loginscreen_welcomeText && (
            <Typography data-testid="welcome-text" sx={{ whiteSpace: 'pre-line', mb: 3 }}>
              {data.loginscreen_welcomeText}
            </Typography>
          )}
          {isError && (
            <Box sx={{ mb: 2 }}>
              <Notice severity="warning" data-testid="loginscreen-error">
                {messages.loginScreenNetworkError}
              </Notice>
            </Box>
          )}
          <LoginForm onEnterApp={onEnterApp} />
        </Paper>
        {data && <LoginInfoPanels infos={data.loginscreen_infos} facility={data.einrichtung} />}
        <Paper elevation={0} sx={{ mt: 2, bgcolor: 'background.paper' }}>
          <LegalLinks label="Rechtliches" />
        </Paper>
      </Box>
    </Box>
  );
}
