import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  accessibilityStateLabels,
  formatGermanDate,
  publicPages,
  type LegalContact,
  type PublicPage,
  type LegalPagesData,
} from '@hortus/contract';
import { messages } from '@hortus/contract/messages';
import { Notice } from '../feedback/notice';
import { PageLoading } from '../feedback/page-loading';
import { pageTitle } from '../navigation/page-title';
import { useLegalPages } from './legal-pages-api';

const titles: Record<PublicPage, string> = {
  datenschutz: 'Datenschutz',
  barrierefreiheit: 'Erklärung zur Barrierefreiheit',
};

/**
 * A public page (/datenschutz, /barrierefreiheit) reachable without login, from the login screen, the menu
 * and the footer; its content comes from the app settings.
 */
export function LegalPage({ page }: { page: PublicPage }) {
  const { data, isError } = useLegalPages();
  const title = titles[page];
  useEffect(() => {
    document.title = pageTitle(data?.appTitel ?? '', title);
  }, [data, title]);
  const other: PublicPage = page === 'datenschutz' ? 'barrierefreiheit' : 'datenschutz';
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="md">
        <Paper sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom sx={{ wordBreak: 'break-word' }}>
            {title}
          </Typography>
          {data && (
            <Typography color="text.secondary" gutterBottom>
              {data.appTitel}
            </Typography>
          )}
          {data ? (
            page === 'datenschutz' ? (
              <PrivacyContent data={data} />
            ) : (
              <AccessibilityContent data={data} />
            )
          ) : isError ? (
            <Notice severity="warning">{messages.loginScreenNetworkError}</Notice>
          ) : (
            <PageLoading />
          )}
          <Box component="nav" aria-label="Weitere Seiten" sx={{ mt: 4 }}>
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
              <Link href="/">Zur Anmeldung</Link>
              <Link href={publicPages[other].path}>{titles[other]}</Link>
            </Stack>
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A contact with its e-mail and phone as links; `missing` when nothing is filled in. */
function Contact({ contact, missing }: { contact: LegalContact; missing: string }) {
  const empty = !contact.name && !contact.anschrift && !contact.email && !contact.telefon;
  if (empty) return <Typography>{missing}</Typography>;
  return (
    <Box component="address" sx={{ fontStyle: 'normal' }}>
      {contact.name && <Typography>{contact.name}</Typography>}
      {contact.anschrift && <Typography sx={{ whiteSpace: 'pre-line' }}>{contact.anschrift}</Typography>}
      {contact.telefon && (
        <Typography>
          Telefon: <Link href={`tel:${contact.telefon.replace(/[^0-9+]/g, '')}`}>{contact.telefon}</Link>
        </Typography>
      )}
      {contact.email && (
        <Typography>
          E-Mail: <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
        </Typography>
      )}
    </Box>
  );
}

function PrivacyContent({ data }: { data: LegalPagesData }) {
  return (
    <>
      <Section title="Verantwortlicher">
        <Contact contact={data.verantwortlicher} missing={`Die Einrichtung, die ${data.appTitel} betreibt.`} />
      </Section>
      <Section title="Datenschutzbeauftragte Person">
        <Contact contact={data.datenschutzbeauftragter} missing="Es ist keine datenschutzbeauftragte Person benannt." />
      </Section>
      <Section title="Datenschutzhinweise">
        {data.datenschutzhinweise.map((part) => (
          <Box key={part.titel} sx={{ mt: 2 }}>
            <Typography variant="h6" component="h3">
              {part.titel}
            </Typography>
            {part.absaetze.map((line, index) => (
              <Typography key={index} sx={{ mb: 0.5 }}>
                {line}
              </Typography>
            ))}
          </Box>
        ))}
      </Section>
    </>
  );
}

function AccessibilityContent({ data }: { data: LegalPagesData }) {
  const statement = data.barrierefreiheit;
  const feedback = statement.kontaktEmail || data.verantwortlicher.email;
  const limitations = statement.einschraenkungen.split('\n').filter((line) => line.trim() !== '');
  return (
    <>
      <Typography sx={{ mt: 2 }}>
        {data.verantwortlicher.name || 'Die Einrichtung'} ist bemüht, {data.appTitel} im Einklang mit den Vorschriften
        zur Barrierefreiheit (Barrierefreie-Informationstechnik-Verordnung – BITV 2.0, WCAG 2.1 Stufe AA) barrierefrei
        zugänglich zu machen. Diese Erklärung gilt für die Web-App {data.appTitel}.
      </Typography>
      <Section title="Stand der Vereinbarkeit mit den Anforderungen">
        <Typography>
          Diese Web-App ist mit der BITV 2.0 <strong>{accessibilityStateLabels[statement.stand]}</strong>.
        </Typography>
      </Section>
      {statement.stand !== 'vollstaendig' && (
        <Section title="Nicht barrierefreie Inhalte">
          {limitations.length > 0 ? (
            <Box component="ul" sx={{ pl: 3, my: 0 }}>
              {limitations.map((line, index) => (
                <Typography component="li" key={index}>
                  {line}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography>Keine bekannten Einschränkungen.</Typography>
          )}
        </Section>
      )}
      <Section title="Erstellung dieser Erklärung">
        <Typography>
          {statement.datum
            ? `Diese Erklärung wurde am ${formatGermanDate(statement.datum)} erstellt.`
            : 'Das Datum der Erklärung ist noch nicht angegeben.'}{' '}
          Sie beruht auf einer Selbstbewertung; die Seiten der App werden zusätzlich automatisch mit axe-core geprüft.
        </Typography>
      </Section>
      <Section title="Feedback und Kontaktangaben">
        <Typography>
          Sind Ihnen Mängel beim barrierefreien Zugang aufgefallen, oder benötigen Sie Inhalte in einer barrierefreien
          Form? Dann schreiben Sie uns.
        </Typography>
        {feedback ? (
          <Typography sx={{ mt: 1 }}>
            <Link href={`mailto:${feedback}?subject=${encodeURIComponent(`Barrierefreiheit ${data.appTitel}`)}`}>
              Barriere melden: {feedback}
            </Link>
          </Typography>
        ) : (
          <Typography sx={{ mt: 1 }}>Bitte wenden Sie sich an die Einrichtung.</Typography>
        )}
      </Section>
      <Section title="Durchsetzungsverfahren">
        <Typography>
          Wenn Sie auf Ihre Rückmeldung keine zufriedenstellende Antwort erhalten, können Sie sich an die{' '}
          {statement.schlichtungsstelleUrl ? (
            <Link href={statement.schlichtungsstelleUrl} target="_blank" rel="noopener noreferrer">
              {statement.schlichtungsstelle}
            </Link>
          ) : (
            statement.schlichtungsstelle
          )}{' '}
          wenden. Das Schlichtungsverfahren ist kostenlos; Sie brauchen keinen Rechtsbeistand.
        </Typography>
      </Section>
    </>
  );
}
