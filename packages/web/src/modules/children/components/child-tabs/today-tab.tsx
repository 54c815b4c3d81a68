import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ChildView } from '@hortus/contract/modules/children';
import { statusLabel } from '../../logic/children-view';

/**
 * 'Heute' (school.md 2.4: the edit-child dialog's part 'attendance today', issue 47): what today holds for the
 * child — status, the plan (expected, until when and why), the recorded times and who picked it up. The status
 * itself changes where the day is run: the children list and the check-in screen.
 */
export function TodayTab({ child }: { child: ChildView }) {
  const today = child.anwesenheitHeute;
  const reason = [child.entlassgrund, child.entlassgrundKommentar].filter((part) => part !== '').join(': ');
  const rows: [string, string][] = [
    ['Status', statusLabel(child)],
    [
      'Geplant',
      child.anwesend ? `erwartet bis ${child.anwesendHeuteBis} Uhr (${reason})` : `nicht erwartet (${reason})`,
    ],
    ...(today && today.zeit_von !== '' ? [['Angemeldet um', `${today.zeit_von} Uhr`] as [string, string]] : []),
    ...(today?.zeit_bis
      ? [
          ['Entlassen um', `${today.zeit_bis} Uhr${today.entlassgrund !== '' ? ` (${today.entlassgrund})` : ''}`] as [
            string,
            string,
          ],
        ]
      : []),
    ...(today?.abgeholtVon ? [['Abgeholt von', today.abgeholtVon] as [string, string]] : []),
  ];
  return (
    <Stack spacing={2} data-testid="child-today">
      <Table size="small" aria-label="Anwesenheit heute">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ width: 160, color: 'text.secondary' }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {child.abholung?.heute.text && (
        <Alert severity={child.abholung.heute.aenderung ? 'error' : 'info'}>{child.abholung.heute.text}</Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        An- und abmelden in der Kinderliste oder im Check-in.
      </Typography>
    </Stack>
  );
}
