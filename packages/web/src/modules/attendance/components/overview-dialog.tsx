import { attendanceMessages, type OverviewRow, type SlotView } from '@hortus/contract/modules/attendance';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { ALL_ROWS } from '../../../platform/data-table/pagination';
import { DialogShell } from '../../../platform/forms/dialog-shell';

const columns: DataTableColumn<OverviewRow>[] = [
  { key: 'name', label: 'Name', render: (row) => row.name },
  { key: 'anwesend', label: 'Anwesend', align: 'right', render: (row) => row.anwesend },
  { key: 'entschuldigt', label: 'Entschuldigt', align: 'right', render: (row) => row.entschuldigt },
  { key: 'abwesend', label: 'Abwesend', align: 'right', render: (row) => row.abwesend },
  { key: 'ohneStatus', label: 'Ohne Status', align: 'right', render: (row) => row.ohneStatus },
  { key: 'gesamt', label: 'Gesamt', align: 'right', render: (row) => row.gesamt },
];

/** Totals per person over every poll of the slot; 20 per page (5, 10, 20, 40, Alle), cards below 800 px. */
export function OverviewDialog({ slot, onClose }: { slot: SlotView; onClose(): void }) {
  return (
    <DialogShell title={`Übersicht: ${slot.name}`} onClose={onClose} width={1000} fullScreenBelow="md">
      <DataTable
        rows={slot.uebersicht}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={attendanceMessages.noPeople}
        rowsPerPageOptions={[5, 10, 20, 40, { label: 'Alle', value: ALL_ROWS }]}
        defaultRowsPerPage={20}
        mobileBreakpoint={800}
        aria-label="Übersicht"
        data-testid="attendance-overview"
      />
    </DialogShell>
  );
}
