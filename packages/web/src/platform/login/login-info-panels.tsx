import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { ReactNode } from 'react';
import type { LoginFacility, LoginScreenData } from '@hortus/contract';

/** Title of the facility's panel (issue 47). */
export const facilityPanelTitle = 'Kontakt und Öffnungszeiten';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Accordion disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

/** The facility's name, address, phone, e-mail and opening hours (app settings, /001 'Einrichtung'). */
function FacilityDetails({ facility }: { facility: LoginFacility }) {
  // Built here rather than with the contract's facilityAddressLines, which would bring zod into the login route.
  const address = [
    `${facility.strasse} ${facility.hausnummer}`.trim(),
    `${facility.plz} ${facility.ort}`.trim(),
  ].filter(Boolean);
  return (
    <Box data-testid="login-facility" sx={{ display: 'grid', gap: 1 }}>
      {(facility.name || address.length > 0) && (
        <Typography sx={{ whiteSpace: 'pre-line' }}>
          {[facility.name, ...address].filter(Boolean).join('\n')}
        </Typography>
      )}
      {facility.telefon && (
        <Typography>
          Telefon: <Link href={`tel:${facility.telefon.replace(/[^0-9+]/g, '')}`}>{facility.telefon}</Link>
        </Typography>
      )}
      {facility.email && (
        <Typography>
          E-Mail: <Link href={`mailto:${facility.email}`}>{facility.email}</Link>
        </Typography>
      )}
      {facility.oeffnungszeiten && (
        <Box>
          <Typography component="h3" variant="subtitle2">
            Öffnungszeiten
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{facility.oeffnungszeiten}</Typography>
        </Box>
      )}
    </Box>
  );
}

/**
 * The login screen's expandable info panels: first the facility's 'Kontakt und Öffnungszeiten' (when the app
 * settings have one), then the infos (title and text, text kept as plain text).
 */
export function LoginInfoPanels({
  infos,
  facility,
}: {
  infos: LoginScreenData['loginscreen_infos'];
  facility?: LoginFacility | undefined;
}) {
  if (infos.length === 0 && !facility) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="login-infos">
      {facility && (
        <Panel title={facilityPanelTitle}>
          <FacilityDetails facility={facility} />
        </Panel>
      )}
      {infos.map((info, index) => (
        <Panel key={`${index}-${info.titel}`} title={info.titel}>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{info.text}</Typography>
        </Panel>
      ))}
    </Box>
  );
}
