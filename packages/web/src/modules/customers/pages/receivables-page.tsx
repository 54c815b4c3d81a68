import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import { customerMessages, dunningMessages, type OpenItemView } from '@hortus/contract/modules/customers';
import { useAlert } from '../../../platform/alert/alert-context';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { downloadDocument } from '../api/customers';
import { useDun, useOpenItems } from '../api/receivables';
import { BankStatementButton } from '../components/bank-statement-dialog';
import { todayIso } from '../logic/today';
import { pageSizes } from './customers-page';
import { PageWaiting } from '../components/page-waiting';

function overdueText(item: OpenItemView): string {
  if (item.tageUeberfaellig <= 0) return `fällig am ${formatGermanDate(item.faellig)}`;
  return `${item.tageUeberfaellig} ${item.tageUeberfaellig === 1 ? 'Tag' : 'Tage'} überfällig`;
}

/**
 * /410-300 Offene Posten / Mahnwesen (issue 45): every open invoice with the dunning level reached, days
 * overdue and open amount; per row the next level's letter (asked first); 'Kontoauszug einlesen' above.
 */
export function ReceivablesPage() {
  const query = useOpenItems();
  const [asking, setAsking] = useState<OpenItemView | null>(null);
  const { mutateAsync: dun } = useDun();
  const saveAction = useSaveAction();
  const alert = useAlert();
  const columns = useMemo<DataTableColumn<OpenItemView>[]>(
    () => [
      {
        key: 'rechnung',
        label: 'Rechnung',
        render: (item) => (
          <Box>
            <Typography variant="body2">{`${item.rechnung} vom ${formatGermanDate(item.datum)}`}</Typography>
            <Typography variant="caption" color="text.secondary">
              {`${item.kunde} · ${item.kundeArt} · Auftrag ${item.auftragsnummer}`}
            </Typography>
          </Box>
        ),
      },
      {
        key: 'faellig',
        label: 'Fälligkeit',
        render: (item) => (
          <Typography variant="body2" color={item.tageUeberfaellig > 0 ? 'error' : undefined}>
            {overdueText(item)}
          </Typography>
        ),
      },
      {
        key: 'offen',
        label: 'Offen',
        align: 'right',
        render: (item) => `${formatEuro(item.offen)} von ${formatEuro(item.betrag)}`,
      },
      {
        key: 'stufe',
        label: 'Mahnstufe',
        render: (item) =>
          item.letzteMahnung ? (
            <Box>
              <Typography variant="body2">{item.stufeName}</Typography>
              <Link
                component="button"
                type="button"
                variant="caption"
                onClick={() =>
                  void downloadDocument(item.letzteMahnung?.pfad ?? '', `${item.letzteMahnung?.name}.pdf`).catch(() =>
                    alert.error(customerMessages.downloadFailed),
                  )
                }
              >
                {`${item.letzteMahnung.name} vom ${formatGermanDate(item.letzteMahnung.datum)}`}
              </Link>
            </Box>
          ) : (
            'keine'
          ),
      },
      {
        key: 'naechste',
        label: 'Nächster Schritt',
        align: 'right',
        render: (item) => {
          const next = item.naechsteStufe;
          if (!next) return 'keine weitere Stufe';
          if (!next.moeglich) return `${next.name} ab ${formatGermanDate(next.ab)}`;
          return (
            <Button
              size="small"
              variant="outlined"
              aria-label={`${next.name} für ${item.rechnung}`}
              onClick={() => setAsking(item)}
            >
              {next.name}
            </Button>
          );
        },
      },
    ],
    [alert],
  );
  if (!query.data) return <PageWaiting failed={query.isError} />;
  const next = asking?.naechsteStufe;
  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Offene Posten / Mahnwesen
        </Typography>
        <BankStatementButton />
      </Stack>
      <DataTable
        aria-label="Offene Posten"
        data-testid="open-items-table"
        rows={query.data.posten}
        rowKey={(item) => item.rechnungId}
        emptyText={dunningMessages.noItems}
        rowsPerPageOptions={pageSizes}
        defaultRowsPerPage={50}
        mobileBreakpoint={850}
        columns={columns}
      />
      <ConfirmDialog
        open={asking !== null}
        title={next ? `${next.name} erstellen?` : ''}
        text={
          asking && next
            ? `${dunningMessages.confirm(next.name, asking.rechnung)} Offen ${formatEuro(asking.offen)}, Mahngebühren ${formatEuro(next.gebuehren)}, Verzugszinsen ${formatEuro(next.zinsen)}: zusammen ${formatEuro(next.summe)}.`
            : ''
        }
        confirmLabel="Erstellen"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          if (!asking || !next) return;
          void saveAction(() => dun({ rechnungId: asking.rechnungId, datum: todayIso() }), {
            failure: customerMessages.saveFailed,
          }).then((reply) => reply && alert.success(dunningMessages.sent(next.name, reply.neuDokument.name)));
        }}
      />
    </PageContainer>
  );
}
