import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { protokollMessages, protokollTime, type ProtokollEntry } from '@hortus/contract';
import { TableRegion } from '../data-table/table-region';

export const PROTOKOLL_PAGE_SIZES = [25, 50, 100];

export interface ProtokollTableProps {
  eintraege: readonly ProtokollEntry[];
  anzahl: number;
  seite: number;
  proSeite: number;
  onSeite(seite: number): void;
  onProSeite(proSeite: number): void;
  /** Hide the record column (a single record's history). */
  ohneObjekt?: boolean;
}

/** The record as it is called now ('Emma Schulz'), with its type and number beneath ('Kind 12'). */
function RecordCell({ entry }: { entry: ProtokollEntry }) {
  if (entry.bezeichnung === '') return <>{entry.objekt}</>;
  return (
    <>
      {entry.bezeichnung}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {entry.objekt}
      </Typography>
    </>
  );
}

/** The changed parts, one per line, wrapped within the cell (never cut off). */
const detailsSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/**
 * The Protokoll's entries paged by the server (user administration's Protokoll tab, a child's 'Verlauf'):
 * time, user, module, action, record (its current name), details (the changed parts in German, old → new).
 * A table on wide screens; on a phone one block per entry, so the details keep the full width.
 */
export function ProtokollTable({
  eintraege,
  anzahl,
  seite,
  proSeite,
  onSeite,
  onProSeite,
  ohneObjekt,
}: ProtokollTableProps) {
  const narrow = useMediaQuery('(max-width:699.95px)');
  return (
    <>
      {narrow ? (
        <Box component="ul" aria-label={protokollMessages.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {eintraege.length === 0 && <Typography component="li">{protokollMessages.empty}</Typography>}
          {eintraege.map((entry, index) => (
            <Box component="li" key={`${entry.zeit}-${index}`} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {protokollTime(entry.zeit)} · {entry.nutzer} · {entry.modul}
              </Typography>
              <Typography variant="subtitle2" component="div">
                {entry.aktion}
                {!ohneObjekt && (
                  <> – {entry.bezeichnung === '' ? entry.objekt : `${entry.bezeichnung} (${entry.objekt})`}</>
                )}
              </Typography>
              <Typography variant="body2" component="div" sx={detailsSx}>
                {entry.details}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <TableRegion label={protokollMessages.title}>
          <Table size="small" aria-label={protokollMessages.title}>
            <TableHead>
              <TableRow>
                <TableCell>Zeit</TableCell>
                <TableCell>Benutzer</TableCell>
                <TableCell>Modul</TableCell>
                <TableCell>Aktion</TableCell>
                {!ohneObjekt && <TableCell>Datensatz</TableCell>}
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {eintraege.length === 0 && (
                <TableRow>
                  <TableCell colSpan={ohneObjekt ? 5 : 6}>{protokollMessages.empty}</TableCell>
                </TableRow>
              )}
              {eintraege.map((entry, index) => (
                <TableRow key={`${entry.zeit}-${index}`} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{protokollTime(entry.zeit)}</TableCell>
                  <TableCell>{entry.nutzer}</TableCell>
                  <TableCell>{entry.modul}</TableCell>
                  <TableCell>{entry.aktion}</TableCell>
                  {!ohneObjekt && (
                    <TableCell sx={{ minWidth: 120 }}>
                      <RecordCell entry={entry} />
                    </TableCell>
                  )}
                  <TableCell sx={{ ...detailsSx, minWidth: 280 }}>{entry.details}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <TablePagination
        component="div"
        count={anzahl}
        page={Math.min(seite, Math.max(0, Math.ceil(anzahl / proSeite) - 1))}
        rowsPerPage={proSeite}
        rowsPerPageOptions={PROTOKOLL_PAGE_SIZES}
        onPageChange={(_event, page) => onSeite(page)}
        onRowsPerPageChange={(event) => onProSeite(Number(event.target.value))}
        labelRowsPerPage="Einträge pro Seite"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${count}`}
      />
    </>
  );
}
