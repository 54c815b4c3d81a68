import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
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

/**
 * The Protokoll's entries as a table paged by the server (user administration's Protokoll tab, a
 * child's history): time, user, module, action, record, details (old → new).
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
  return (
    <>
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
              <TableRow key={`${entry.zeit}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{protokollTime(entry.zeit)}</TableCell>
                <TableCell>{entry.nutzer}</TableCell>
                <TableCell>{entry.modul}</TableCell>
                <TableCell>{entry.aktion}</TableCell>
                {!ohneObjekt && <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.objekt}</TableCell>}
                <TableCell sx={{ wordBreak: 'break-word', minWidth: 240 }}>{entry.details}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
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
