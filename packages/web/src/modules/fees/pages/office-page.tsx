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
import { formatEuro, formatGermanDate, isoDayOf, parseCents, parseIsoDay } from '@hortus/contract';
import { type FeesData, type FeesSave, type KitchenList } from '@hortus/contract/modules/fees';
import { downloadStoredFile } from '../../../platform/api/download';
import { useAlert } from '../../../platform/alert/alert-context';
import { PageContainer } from '../../../platform/layout/page-container';
import { downloadKitchenList, downloadStatement, loadKitchenList, useFees, useSaveFees } from '../api/fees';
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
        <Menu data={data} run={run} />
        <Children data={data} run={run} />
        <Mandates data={data} run={run} />
      </Stack>
    </PageContainer>
  );
}

function Runs({ data, run, busy }: { data: FeesData; run: Saver; busy: boolean }) {
  const alert = useAlert();
  const [monat, setMonat] = useState(data.heute.slice(0, 7));
  const families = new Map(data.familien.map((family) => [family.id, family.name]));
  const latest = data.laeufe[0];
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-runs">
      <Typography variant="h6" component="h2">
        Monatslauf
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
        <TextField label="Monat" type="month" size="small" value={monat} onChange={(e) => setMonat(e.target.value)} />
        <Button variant="contained" disabled={busy} onClick={() => run({ type: 'lauf', data: { monat } })}>
          Abrechnen
        </Button>
        <Button disabled={busy} onClick={() => run({ type: 'lauf', data: { monat, abschliessen: true } })}>
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
        <TextField label="Tag" type="date" size="small" value={tag} onChange={(e) => setTag(e.target.value)} />
        <Button
          onClick={() =>
            loadKitchenList(tag).then(
              (reply) => setList(reply.liste),
              (e: unknown) => alert.error(errorText(e)),
            )
          }
        >
          Anzeigen
        </Button>
        <Button onClick={() => downloadKitchenList(tag).catch((e: unknown) => alert.error(errorText(e)))}>PDF</Button>
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

function Menu({ data, run }: { data: FeesData; run: Saver }) {
  const [tag, setTag] = useState(data.heute);
  const [name, setName] = useState('');
  const [allergene, setAllergene] = useState('');
  const codes = allergene
    .toUpperCase()
    .split(/[\s,]+/)
    .filter((code) => code !== '');
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-menu">
      <Typography variant="h6" component="h2">
        Speiseplan
      </Typography>
      {data.speiseplan.map((day) => (
        <Typography key={day.tag} variant="body2">
          {formatGermanDate(day.tag)}:{' '}
          {day.gerichte.map((d) => `${d.name}${d.allergene.length ? ` (${d.allergene.join(', ')})` : ''}`).join('; ')}
        </Typography>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField label="Tag" type="date" size="small" value={tag} onChange={(e) => setTag(e.target.value)} />
        <TextField label="Gericht" size="small" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label="Allergene (z. B. A, G)"
          size="small"
          value={allergene}
          onChange={(e) => setAllergene(e.target.value)}
        />
        <Button
          onClick={() =>
            run(
              { type: 'speiseplan', data: { tag, gerichte: name ? [{ name, allergene: codes as never }] : [] } },
              () => setName(''),
            )
          }
        >
          Speichern
        </Button>
      </Stack>
    </Paper>
  );
}

function Children({ data, run }: { data: FeesData; run: Saver }) {
  const [name, setName] = useState('');
  const [betrag, setBetrag] = useState('');
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
        <Typography key={u.id} variant="body2">
          {u.name}: {u.preise.map((p) => `${formatEuro(p.betrag)} ab ${monthLabel(p.ab)}`).join(', ')}
        </Typography>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ my: 1 }}>
        <TextField label="Neuer Umfang" size="small" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Monatsbetrag (€)" size="small" value={betrag} onChange={(e) => setBetrag(e.target.value)} />
        <Button
          onClick={() =>
            run(
              {
                type: 'umfang',
                data: {
                  name,
                  preise: [{ ab: data.heute.slice(0, 7), betrag: parseCents(betrag) ?? -1 }],
                  gueltigVon: data.heute.slice(0, 7),
                  gueltigBis: '',
                },
              },
              () => setName(''),
            )
          }
        >
          Anlegen
        </Button>
      </Stack>
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

function Mandates({ data, run }: { data: FeesData; run: Saver }) {
  const [form, setForm] = useState({ id_familie: 0, kontoinhaber: '', iban: '', unterschrieben: data.heute });
  const families = new Map(data.familien.map((family) => [family.id, family.name]));
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-mandates">
      <Typography variant="h6" component="h2">
        SEPA-Mandate
      </Typography>
      {data.mandate.map((m) => (
        <Typography key={m.id} variant="body2">
          {families.get(m.id_familie) ?? m.id_familie}: {m.kontoinhaber}, {m.iban}, {m.referenz} ({m.sequenz})
        </Typography>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField
          select
          label="Familie"
          size="small"
          sx={{ minWidth: 160 }}
          value={form.id_familie}
          onChange={(e) => setForm({ ...form, id_familie: Number(e.target.value) })}
        >
          <MenuItem value={0}>–</MenuItem>
          {data.familien.map((family) => (
            <MenuItem key={family.id} value={family.id}>
              {family.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Kontoinhaber"
          size="small"
          value={form.kontoinhaber}
          onChange={(e) => setForm({ ...form, kontoinhaber: e.target.value })}
        />
        <TextField
          label="IBAN"
          size="small"
          value={form.iban}
          onChange={(e) => setForm({ ...form, iban: e.target.value })}
        />
        <TextField
          label="Unterschrieben am"
          type="date"
          size="small"
          value={form.unterschrieben}
          onChange={(e) => setForm({ ...form, unterschrieben: e.target.value })}
        />
        <Button onClick={() => run({ type: 'mandat', data: { ...form, bic: '', referenz: '' } })}>Speichern</Button>
      </Stack>
    </Paper>
  );
}
