import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useParentReports } from '../api/parent-reports';
import { ChildPermissions } from '../components/child-permissions';
import { ConsentRequests } from '../components/consent-requests';

/**
 * /210-100 'Kontakt' (the spec does not show it): the facility's contact details and opening hours (the app
 * settings' facility, as 210's load answers them) and the mailboxes of the staff groups a parent may write to.
 */
export function ContactPage() {
  const query = useParentReports();
  if (!query.data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{parentReportsMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  const s = query.data.settings;
  const empty =
    s.kontakt_name === '' &&
    s.kontakt_adresse === '' &&
    s.kontakt_telefon === '' &&
    s.kontakt_email === '' &&
    s.kontakt_oeffnungszeiten === '' &&
    s.kontakt_gruppen.length === 0;
  return (
    <PageContainer>
      <Stack spacing={2} sx={{ maxWidth: 700, mb: 2 }}>
        {query.data.kinder.map((child) => (
          <ChildPermissions key={child.id} child={child} />
        ))}
        <ConsentRequests requests={query.data.einwilligungen ?? []} today={query.data.heute} />
      </Stack>
      <Paper sx={{ p: 3, maxWidth: 700 }} data-testid="contact">
        {empty && <Typography>Keine Kontaktdaten hinterlegt</Typography>}
        <Stack spacing={2}>
          {s.kontakt_name !== '' && (
            <Typography variant="h6" component="h2">
              {s.kontakt_name}
            </Typography>
          )}
          {s.kontakt_adresse !== '' && <Box sx={{ whiteSpace: 'pre-line' }}>{s.kontakt_adresse}</Box>}
          {s.kontakt_telefon !== '' && (
            <Typography>
              Telefon: <Link href={`tel:${s.kontakt_telefon.replace(/[^0-9+]/g, '')}`}>{s.kontakt_telefon}</Link>
            </Typography>
          )}
          {s.kontakt_email !== '' && (
            <Typography>
              E-Mail: <Link href={`mailto:${s.kontakt_email}`}>{s.kontakt_email}</Link>
            </Typography>
          )}
          {s.kontakt_oeffnungszeiten !== '' && (
            <Box>
              <Typography variant="subtitle1" component="h3">
                Öffnungszeiten
              </Typography>
              <Box sx={{ whiteSpace: 'pre-line' }}>{s.kontakt_oeffnungszeiten}</Box>
            </Box>
          )}
          {s.kontakt_gruppen.length > 0 && (
            <Box>
              <Typography variant="subtitle1" component="h3">
                Schreiben Sie uns
              </Typography>
              {s.kontakt_gruppen.map((group) => (
                <Typography key={`${group.bezeichnung}-${group.email}`}>
                  {group.bezeichnung}: <Link href={`mailto:${group.email}`}>{group.email}</Link>
                </Typography>
              ))}
            </Box>
          )}
        </Stack>
      </Paper>
    </PageContainer>
  );
}
