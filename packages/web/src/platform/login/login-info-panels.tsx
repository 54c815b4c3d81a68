import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { LoginScreenData } from '@hortus/contract';

/** The login screen's expandable info panels (title and text, text kept as plain text). */
export function LoginInfoPanels({ infos }: { infos: LoginScreenData['loginscreen_infos'] }) {
  if (infos.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="login-infos">
      {infos.map((info, index) => (
        <Accordion key={`${index}-${info.titel}`} disableGutters slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {info.titel}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{info.text}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
