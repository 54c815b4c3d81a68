import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatEuro, formatGermanDate, isIsoDate, isoDayOf, parseIsoDay } from '@hortus/contract';
import {
  MONTH_PATTERN,
  type FeesData,
  type FeesSave,
  type KitchenList,
  type MandateInput,
} from '@hortus/contract/modules/fees';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import { DateInput, MonthInput } from '../../../platform/forms/date-pickers';
import { MandateDialog, MenuDayDialog, ScopeDialog } from '../components/fee-dialogs';
import { downloadStoredFile } from '../../../platform/api/download';
import { useAlert } from '../../../platform/alert/alert-context';
import { PageContainer } from '../../../platform/layout/page-container';
import {
  downloadCertificate,
  downloadKitchenList,
  downloadStatement,
  loadKitchenList,
  useFees,
  useSaveFees,
} from '../api/fees';
import { errorText, Loading, monthLabel } from './shared';

type Saver = (action: FeesSave, done?: () => void) => void;

/** /220 (the fee office): monthly runs with the debit file, kitchen list, menu, scopes, children's fees, mandates. */
export function OfficePage() {
  const query = useFees();
  const save = useSaveFees();
  const alert = useAlert();
  if (!query.data) return <Loading failed={query.isError} />;
  const run: Saver = (action, done) =>
    save.mutate(action, {
      onSuccess: () => {
        alert.success('Gespeichert.');
        done?.();
      },
      onError: (error) => alert.error(errorText(error)),
    });
  const data = query.data;
  return (
    <PageContainer>
      <Stack spacing={2}>
        <Runs data={data} run={run} busy={save.isPending} />
        <Kitchen today={data.heute} />
        <Menu data={data} />
        <Children data={data} run={run} />
        <Mandates data={data} />
      </Stack>
    </PageContainer>
  );
}

function Runs({ data, run, busy }: { data: FeesData; run: Saver; busy: boolean }) {
  const alert = useAlert();
  const [monat, setMonat] = useState(data.heute.slice(0, 7));
  const validMonth = MONTH_PATTERN.test(monat);
  const families = new Map(data.familien.map((family) => [family.id, family.name]));
  const latest = data.laeufe[0];
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-runs">
      <Typography variant="h6" component="h2">
        Monatslauf
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
        <MonthInput label="Monat" value={monat} onChange={setMonat} />
        <Button
          variant="contained"
          disabled={busy || !validMonth}
          onClick={() => run({ type: 'lauf', data: { monat } })}
        >
          Abrechnen
        </Button>
        <Button
          disabled={busy || !validMonth}
          onClick={() => run({ type: 'lauf', data: { monat, abschliessen: true } })}
        >
          Abrechnen und abschließen
        </Button>
      </Stack>
      {data.laeufe.map((lauf) => (
        <Stack key={lauf.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>
            {monthLabel(lauf.monat)}: {lauf.abrechnungen.length} Abrechnungen,{' '}
            {formatEuro(lauf.abrechnungen.reduce((sum, a) => sum + a.betrag, 0))}
            {lauf.abgeschlossen ? ' (abgeschlossen)' : ''}
          </Typography>
          {lauf.sepaDatei !== '' && (
            <Button
              size="small"
              onClick={() =>
                downloadStoredFile(lauf.sepaDatei, `Lastschriften-${lauf.monat}.xml`).catch((error: unknown) =>
                  alert.error(errorText(error)),
                )
              }
            >
              Lastschriftdatei
            </Button>
          )}
        </Stack>
      ))}
      {latest && (
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Familie</TableCell>
              <TableCell align="right">Betrag</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {latest.abrechnungen.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{families.get(a.id_familie) ?? a.id_familie}</TableCell>
                <TableCell align="right">{formatEuro(a.betrag)}</TableCell>
                <TableCell>
                  {a.zurueckgegeben ? 'zurückgegeben' : a.bezahlt ? 'bezahlt' : a.lastschrift ? 'Lastschrift' : 'offen'}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => downloadStatement(a.id).catch((e: unknown) => alert.error(errorText(e)))}
                  >
                    PDF
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Jahr ${latest.monat.slice(0, 4)}: Jahresbescheinigung ${families.get(a.id_familie) ?? a.id_familie}`}
                    onClick={() =>
                      downloadCertificate(a.id_familie, Number(latest.monat.slice(0, 4))).catch((e: unknown) =>
                        alert.error(errorText(e)),
                      )
                    }
                  >
                    Jahr {latest.monat.slice(0, 4)}
                  </Button>
                  {latest.abgeschlossen && a.lastschrift && a.bezahlt && (
                    <Button
                      size="small"
                      onClick={() => run({ type: 'ruecklastschrift', data: { id_abrechnung: a.id, tag: data.heute } })}
                    >
                      Rücklastschrift
                    </Button>
                  )}
                  {!a.bezahlt && !a.lastschrift && (
                    <Button size="small" onClick={() => run({ type: 'bezahlt', data: { id_abrechnung: a.id } })}>
                      Bezahlt
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

function Kitchen({ today }: { today: string }) {
  const alert = useAlert();
  const [tag, setTag] = useState(today);
  const [list, setList] = useState<KitchenList | null>(null);
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-kitchen">
      <Typography variant="h6" component="h2">
        Küchenliste
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <DateInput label="Tag" value={tag} onChange={setTag} />
        <Button
          disabled={!isIsoDate(tag)}
          onClick={() =>
            loadKitchenList(tag).then(
              (reply) => setList(reply.liste),
              (e: unknown) => alert.error(errorText(e)),
            )
          }
        >
          Anzeigen
        </Button>
        <Button
          disabled={!isIsoDate(tag)}
          onClick={() => downloadKitchenList(tag).catch((e: unknown) => alert.error(errorText(e)))}
        >
          PDF
        </Button>
      </Stack>
      {list && (
        <>
          <Typography>
            {formatGermanDate(list.tag)}: {list.anzahl} Essen
          </Typography>
          {list.klassen.map((klasse) => (
            <Typography key={klasse.id_klasse} variant="body2">
              {klasse.name_klasse}: {klasse.anzahl} –{' '}
              {klasse.kinder.map((k) => (k.hinweise ? `${k.name} (${k.hinweise})` : k.name)).join(', ')}
            </Typography>
          ))}
        </>
      )}
    </Paper>
  );
}

function Menu({ data }: { data: FeesData }) {
  const [day, setDay] = useState<string | null>(null);
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-menu">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          Speiseplan
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setDay(data.heute)}>
          Tag eintragen
        </Button>
      </Stack>
      {data.speiseplan.length === 0 && <Typography color="text.secondary">Noch kein Speiseplan.</Typography>}
      {data.speiseplan.map((entry) => (
        <Stack key={entry.tag} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {formatGermanDate(entry.tag)}:{' '}
            {entry.gerichte
              .map((dish) => `${dish.name}${dish.allergene.length ? ` (${dish.allergene.join(', ')})` : ''}`)
              .join('; ')}
          </Typography>
          <IconButton
            aria-label={`Speiseplan ${formatGermanDate(entry.tag)} bearbeiten`}
            onClick={() => setDay(entry.tag)}
          >
            <EditIcon />
          </IconButton>
        </Stack>
      ))}
      {day !== null && <MenuDayDialog key={day} day={day} data={data} onClose={() => setDay(null)} />}
    </Paper>
  );
}

function Children({ data, run }: { data: FeesData; run: Saver }) {
  const [editing, setEditing] = useState<FeesData['umfaenge'][number] | 'neu' | null>(null);
  const first = `${data.heute.slice(0, 7)}-01`;
  const scopeOf = (zuordnungen: FeesData['kinder'][number]['zuordnungen']) =>
    zuordnungen.find((z) => z.bis === '' || z.bis >= data.heute)?.id_umfang ?? 0;
  const assign = (kind: FeesData['kinder'][number], id_umfang: number) => {
    const dayBefore = isoDayOf((parseIsoDay(first) ?? 0) - 1);
    const kept = kind.zuordnungen
      .filter((z) => z.von < first)
      .map((z) => ({ ...z, bis: z.bis === '' || z.bis >= first ? dayBefore : z.bis }));
    run({
      type: 'kind',
      data: { id_kind: kind.id, zuordnungen: id_umfang ? [...kept, { id_umfang, von: first, bis: '' }] : kept },
    });
  };
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-children">
      <Typography variant="h6" component="h2">
        Betreuungsumfänge und Kinder
      </Typography>
      {data.umfaenge.map((u) => (
        <Stack key={u.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {u.name}: {u.preise.map((p) => `${formatEuro(p.betrag)} ab ${monthLabel(p.ab)}`).join(', ')}
          </Typography>
          <IconButton aria-label={`${u.name} bearbeiten`} onClick={() => setEditing(u)}>
            <EditIcon />
          </IconButton>
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} sx={{ my: 1 }} onClick={() => setEditing('neu')}>
        Neuer Umfang
      </Button>
      {editing !== null && (
        <ScopeDialog
          scope={editing === 'neu' ? null : editing}
          month={data.heute.slice(0, 7)}
          onClose={() => setEditing(null)}
        />
      )}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Kind</TableCell>
            <TableCell>Klasse</TableCell>
            <TableCell>Umfang ab {monthLabel(data.heute.slice(0, 7))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.kinder.map((kind) => (
            <TableRow key={kind.id}>
              <TableCell>{kind.name}</TableCell>
              <TableCell>{kind.name_klasse}</TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Umfang von ${kind.name}` } } }}
                  value={scopeOf(kind.zuordnungen)}
                  onChange={(e) => assign(kind, Number(e.target.value))}
                >
                  <MenuItem value={0}>–</MenuItem>
                  {data.umfaenge.map((u) => (
                    <MenuItem key={u.id} value={u.id}>
                      {u.name}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Mandates({ data }: { data: FeesData }) {
  const [editing, setEditing] = useState<MandateInput | 'neu' | null>(null);
  const families = new Map(data.familien.map((family) => [family.id, family.name]));
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-mandates">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          SEPA-Mandate
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => setEditing('neu')}>
          Neues Mandat
        </Button>
      </Stack>
      {data.mandate.map((m) => (
        <Stack key={m.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {families.get(m.id_familie) ?? m.id_familie}: {m.kontoinhaber}, {m.iban}, {m.referenz} ({m.sequenz})
          </Typography>
          <IconButton
            aria-label={`Mandat ${families.get(m.id_familie) ?? m.id_familie} bearbeiten`}
            onClick={() => setEditing({ ...m, loeschen: false })}
          >
            <EditIcon />
          </IconButton>
        </Stack>
      ))}
      {editing !== null && (
        <MandateDialog mandate={editing === 'neu' ? null : editing} data={data} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
