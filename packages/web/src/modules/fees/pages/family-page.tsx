import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { formatEuro, formatGermanDate } from '@hortus/contract';
import { orderOpen, type FeesData } from '@hortus/contract/modules/fees';
import { useAlert } from '../../../platform/alert/alert-context';
import { PageContainer } from '../../../platform/layout/page-container';
import { downloadCertificate, downloadStatement, useFees, useSaveFees } from '../api/fees';
import { errorText, Loading, monthLabel } from './shared';

/** /220-100 (parents, on a phone): order lunches per child until the cut-off, the statements, the mandate. */
export function FamilyPage() {
  const query = useFees();
  if (!query.data) return <Loading failed={query.isError} />;
  return (
    <PageContainer>
      <Stack spacing={2}>
        <Meals data={query.data} />
        <Statements data={query.data} />
        <Mandate data={query.data} />
      </Stack>
    </PageContainer>
  );
}

function Meals({ data }: { data: FeesData }) {
  const save = useSaveFees();
  const alert = useAlert();
  const order = (id_kind: number, tag: string, bestellt: boolean) =>
    save.mutate(
      { type: 'mahlzeit', data: { id_kind, tag, bestellt } },
      { onError: (error) => alert.error(errorText(error)) },
    );
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-meals">
      <Typography variant="h6" component="h2">
        Mittagessen
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Bestellen und abbestellen bis {data.settings.bestellschluss} Uhr am selben Tag (
        {formatEuro(data.settings.essenspreis)} je Essen). Eine Krankmeldung bis dahin bestellt das Essen ab.
      </Typography>
      {data.speiseplan.length === 0 && <Typography sx={{ mt: 1 }}>Noch kein Speiseplan.</Typography>}
      {data.speiseplan.map((day) => {
        const open = orderOpen(day.tag, data.settings.bestellschluss, data.heute, data.jetzt);
        return (
          <Stack key={day.tag} sx={{ mt: 2 }} data-testid={`meal-day-${day.tag}`}>
            <Typography variant="subtitle1" component="h3">
              {formatGermanDate(day.tag)}
            </Typography>
            {day.gerichte.map((dish) => (
              <Typography key={dish.name} variant="body2">
                {dish.name}
                {dish.allergene.length > 0 ? ` (${dish.allergene.join(', ')})` : ''}
              </Typography>
            ))}
            {data.kinder.map((kind) => {
              const entry = data.bestellungen.find((b) => b.id_kind === kind.id && b.tag === day.tag);
              return (
                <FormControlLabel
                  key={kind.id}
                  control={
                    <Switch
                      checked={entry?.bestellt ?? false}
                      disabled={!open || save.isPending}
                      onChange={(_, checked) => order(kind.id, day.tag, checked)}
                      slotProps={{ input: { 'aria-label': `Essen ${kind.name} ${formatGermanDate(day.tag)}` } }}
                    />
                  }
                  label={`${kind.name}${entry?.storniert ? ' – abbestellt durch Krankmeldung' : ''}`}
                />
              );
            })}
          </Stack>
        );
      })}
    </Paper>
  );
}

function Statements({ data }: { data: FeesData }) {
  const alert = useAlert();
  const rows = data.laeufe.flatMap((run) => run.abrechnungen.map((statement) => ({ run, statement })));
  // The family's yearly certificates for the tax return: last year's and this year's so far.
  const family = data.familien[0]?.id;
  const year = Number(data.heute.slice(0, 4));
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-statements">
      <Typography variant="h6" component="h2">
        Abrechnungen
      </Typography>
      {rows.length === 0 && <Typography>Noch keine Abrechnung.</Typography>}
      {family !== undefined && (
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
          {[year - 1, year].map((jahr) => (
            <Button
              key={jahr}
              size="small"
              variant="outlined"
              onClick={() => downloadCertificate(family, jahr).catch((error: unknown) => alert.error(errorText(error)))}
            >
              Jahresbescheinigung {jahr}
            </Button>
          ))}
        </Stack>
      )}
      <List dense>
        {rows.map(({ run, statement }) => (
          <ListItem
            key={statement.id}
            secondaryAction={
              <Button
                onClick={() => downloadStatement(statement.id).catch((error: unknown) => alert.error(errorText(error)))}
              >
                PDF
              </Button>
            }
          >
            <ListItemText
              primary={`${monthLabel(run.monat)}: ${formatEuro(statement.betrag)}`}
              secondary={
                statement.zurueckgegeben
                  ? 'Lastschrift zurückgegeben'
                  : statement.bezahlt
                    ? 'Bezahlt'
                    : `Fällig am ${formatGermanDate(statement.faellig)}`
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function Mandate({ data }: { data: FeesData }) {
  const mandate = data.mandate[0];
  return (
    <Paper sx={{ p: 2 }} data-testid="fees-mandate">
      <Typography variant="h6" component="h2">
        SEPA-Lastschriftmandat
      </Typography>
      {mandate ? (
        <Typography variant="body2">
          {mandate.kontoinhaber}, {mandate.iban}
          <br />
          Mandatsreferenz {mandate.referenz}, unterschrieben am {formatGermanDate(mandate.unterschrieben)}
          <br />
          Gläubiger-ID {data.settings.glaeubigerId}
        </Typography>
      ) : (
        <Typography variant="body2">Kein Mandat: bitte überweisen Sie die Beiträge.</Typography>
      )}
    </Paper>
  );
}
