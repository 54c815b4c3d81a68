import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LanguageIcon from '@mui/icons-material/Language';
import MailIcon from '@mui/icons-material/Mail';
import { appInfoProvider } from '@hortus/contract/modules/app-info';
import { PageContainer } from '../../../platform/layout/page-container';
import { ProviderLogo } from '../components/provider-logo';

export function AppInfoPage() {
  const websiteLabel = appInfoProvider.website.replace(/^https?:\/\//, '');
  return (
    <PageContainer>
      <Paper sx={{ p: 3, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main', mb: 2 }}>
          <ProviderLogo />
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {appInfoProvider.name}
        </Typography>
        <Typography sx={{ mb: 2 }}>{appInfoProvider.description}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap', mb: 3 }}>
          {appInfoProvider.chips.map((chip) => (
            <Chip key={chip} label={chip} color="primary" variant="outlined" />
          ))}
        </Stack>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            href={appInfoProvider.website}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
          >
            <LanguageIcon fontSize="small" />
            {websiteLabel}
          </Link>
          <Link href={`mailto:${appInfoProvider.mail}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <MailIcon fontSize="small" />
            {appInfoProvider.mail}
          </Link>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
