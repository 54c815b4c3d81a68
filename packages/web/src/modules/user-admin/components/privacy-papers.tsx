import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { privacyPaperKeys, privacyPapers } from '@hortus/contract';
import { messages } from '@hortus/contract/messages';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadPrivacyPaper } from '../api/datenschutz';

/** The compliance papers, each made from the current settings when downloaded (Datenschutz page). */
export function PrivacyPapers() {
  const run = useSaveAction();
  return (
    <Paper sx={{ maxWidth: 800, mx: 'auto', p: 3, mt: 2 }} component="section" aria-labelledby="papiere-titel">
      <Typography variant="h6" component="h2" id="papiere-titel" gutterBottom>
        Dokumente
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Erstellt aus den aktuellen Einstellungen: aktive Module, Aufbewahrungsfristen, Gruppen mit Rechten und die
        Angaben der App-Einstellungen (Verantwortlicher, Datenschutzbeauftragte Person).
      </Typography>
      <List>
        {privacyPaperKeys.map((paper) => (
          <ListItem
            key={paper}
            disableGutters
            secondaryAction={
              <Button
                startIcon={<DownloadIcon />}
                aria-label={`PDF herunterladen: ${privacyPapers[paper].titel}`}
                onClick={() => void run(() => downloadPrivacyPaper(paper), { failure: messages.downloadCreateFailed })}
              >
                PDF
              </Button>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText primary={privacyPapers[paper].titel} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
