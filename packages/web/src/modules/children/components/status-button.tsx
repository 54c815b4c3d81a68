import Button from '@mui/material/Button';
import type { ChildView } from '@hortus/contract/modules/children';
import { statusLabel } from '../logic/children-view';

const colours = { 0: 'inherit', 1: 'success', 2: 'info' } as const;

/** A child's status today as a button: a click moves it on (school.md 4.4). */
export function StatusButton({ child, pending, onClick }: { child: ChildView; pending?: boolean; onClick(): void }) {
  const status = (child.anwesenheitsstatus === 1 || child.anwesenheitsstatus === 2 ? child.anwesenheitsstatus : 0) as
    0 | 1 | 2;
  // Check-in is disabled when the child is not expected today; nothing changes without the class edit right.
  const disabled = !child.allowEdit || (status === 0 && !child.anwesend);
  return (
    <Button
      size="small"
      variant={status === 0 ? 'outlined' : 'contained'}
      color={colours[status]}
      disabled={disabled}
      data-testid={`status-${child.id}`}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      // MUI's info.main under white text is 3.85:1; the dark shade reaches AA (Lighthouse on /200, issue 21).
      sx={{
        whiteSpace: 'nowrap',
        minWidth: 130,
        ...(status === 2 && { bgcolor: 'info.dark' }),
      }}
    >
      {statusLabel(child)}
      {pending ? ' (ausstehend)' : ''}
    </Button>
  );
}
