import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  EXCEPTION_COMMENT_MAX,
  RECURRING_COMMENT_MAX,
  childrenMessages,
  childrenRights,
  editChildInput,
  fieldErrors,
  formatGermanDate,
  germanWeekdayNames,
  hasRight,
  messages,
  type ChildView,
  type ChildrenData,
  type EditChildInput,
  type ExceptionInput,
  type FieldErrors,
  safeParseReporting,
} from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { downloadStoredFile } from '../../../platform/api/download';
import { useSettings } from '../../../platform/api/get-settings';
import { DateInput, TimeInput } from '../../../platform/forms/date-pickers';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import {
  childrenKeys,
  deleteAttachment,
  deleteDocument,
  saveDiary,
  uploadAttachment,
  uploadDocument,
  useChildDetails,
  useSaveChildren,
} from '../api/children';
import { IdCardPanel } from './id-card-panel';

type State = Required<Omit<EditChildInput, 'kind'>> & { kind: EditChildInput['kind'] };

/** The edit state of a child (new: the settings' defaults, school.md 3.3). */
function stateOf(child: ChildView | null, data: ChildrenData): State {
  if (!child) {
    return {
      kind: {
        id: 0,
        vorname: '',
        nachname: '',
        id_klasse: data.klassen.find((k) => k.bearbeiten)?.id ?? 0,
        junge: true,
        date_geburtstag: '',
        betreuungsplatz: data.settings.standardbetreuungsplatz,
        standardentlasszeit: data.settings.standardentlasszeit,
        regelausnahmen: [],
      },
      id_eltern: 0,
      ausnahmen: [],
      telefonnummern: [],
      geschwister: [],
      abholberechtigte: [],
    };
  }
  return {
    kind: {
      id: child.id,
      vorname: child.vorname,
      nachname: child.nachname,
      id_klasse: child.id_klasse,
      junge: child.junge,
      date_geburtstag: child.date_geburtstag,
      betreuungsplatz: child.betreuungsplatz,
      standardentlasszeit: child.standardentlasszeit,
      regelausnahmen: child.regelausnahmen.map(({ id, wochentag, anwesend, entlasszeit, kommentar }) => ({
        id,
        wochentag,
        anwesend,
        entlasszeit,
        kommentar,
      })),
    },
    id_eltern: child.id_eltern,
    ausnahmen: child.ausnahmen
      .filter((a) => !a.elternErstellt)
      .map(({ id, tag, anwesend, entlasszeit, kommentar }) => ({ id, tag, anwesend, entlasszeit, kommentar })),
    telefonnummern: child.telefonnummern.map(({ id, name, nummer }) => ({ id, name, nummer })),
    geschwister: child.geschwister,
    abholberechtigte: child.abholberechtigte.map(({ id, name, beziehung, telefon, notiz }) => ({
      id,
      name,
      beziehung,
      telefon,
      notiz,
    })),
  };
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {title}
        </Typography>
        {action}
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

export interface ChildDialogProps {
  /** null: a new child. */
  child: ChildView | null;
  data: ChildrenData;
  onClose(): void;
}

/**
 * Edit-child dialog (school.md 2.4): child, exceptions, family, pickup persons, diary, documents. The list
 * load carries no details, so an existing child's details are loaded (getKind) when the dialog opens.
 */
export function ChildDialog({ child, data, onClose }: ChildDialogProps) {
  const details = useChildDetails(child?.id ?? null);
  if (!child) return <ChildForm child={null} data={data} onClose={onClose} />;
  if (details.data) return <ChildForm child={details.data} data={data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby="child-loading-title">
      <DialogTitle id="child-loading-title">{child.nameVollst}</DialogTitle>
      <DialogContent>
        {details.isError ? (
          <Alert severity="error">{childrenMessages.detailsFailed}</Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="child-details-loading">
            <CircularProgress size={24} />
            <Typography>Lädt …</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Schließen</Button>
      </DialogActions>
    </Dialog>
  );
}

function ChildForm({ child, data, onClose }: ChildDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const rights = useSettings().data?.user.rechte ?? [];
  const initial = useMemo(() => stateOf(child, data), [child, data]);
  const [state, setState] = useState<State>(initial);
  const [tab, setTab] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveChildren();
  const isDirty = JSON.stringify(state) !== JSON.stringify(initial);
  const { requestClose, confirmDialog } = useDiscardGuard(isDirty, onClose);
  const allowEdit = child ? child.allowEdit : true;
  const released = child?.anwesenheitsstatus === 2;
  const today = data.heute;
  const parentExceptions = child?.ausnahmen.filter((a) => a.elternErstellt) ?? [];
  const kind = state.kind;
  const setKind = (patch: Partial<State['kind']>) => setState({ ...state, kind: { ...kind, ...patch } });
  const error = (key: string) => errors[key]?.[0];

  const submit = async () => {
    const parsed = safeParseReporting(editChildInput, state);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const result = await saveAction(() => save({ type: 'editKind', data: state }), {
      success: messages.dataSaved,
      failure: childrenMessages.saveFailed,
    });
    if (result) onClose();
  };

  const newException = (): ExceptionInput => ({
    id: 0,
    tag: today,
    anwesend: false,
    entlasszeit: kind.standardentlasszeit,
    kommentar: childrenMessages.defaultExceptionComment,
  });
  const freeWeekday = [1, 2, 3, 4, 5, 6, 7].find((d) => !(kind.regelausnahmen ?? []).some((r) => r.wochentag === d));
  const siblingsOptions = data.kinder.filter((k) => k.id !== kind.id);

  const tabs: { label: string; content: ReactNode; own?: boolean }[] = [
    {
      label: 'Kind',
      content: (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Vorname"
              required
              fullWidth
              value={kind.vorname}
              onChange={(e) => setKind({ vorname: e.target.value })}
              error={Boolean(error('kind.vorname'))}
              helperText={error('kind.vorname')}
            />
            <TextField
              label="Nachname"
              required
              fullWidth
              value={kind.nachname}
              onChange={(e) => setKind({ nachname: e.target.value })}
              error={Boolean(error('kind.nachname'))}
              helperText={error('kind.nachname')}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Klasse"
              required
              fullWidth
              value={kind.id_klasse || ''}
              onChange={(e) => setKind({ id_klasse: Number(e.target.value) })}
              error={Boolean(error('kind.id_klasse'))}
              helperText={error('kind.id_klasse')}
            >
              {data.klassen
                .filter((k) => k.bearbeiten || k.id === kind.id_klasse)
                .map((k) => (
                  <MenuItem key={k.id} value={k.id}>
                    {k.name}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              select
              label="Geschlecht"
              fullWidth
              value={kind.junge ? 'j' : 'm'}
              onChange={(e) => setKind({ junge: e.target.value === 'j' })}
            >
              <MenuItem value="j">Junge</MenuItem>
              <MenuItem value="m">Mädchen</MenuItem>
            </TextField>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DateInput
              label="Geburtstag"
              value={kind.date_geburtstag ?? ''}
              onChange={(value) => setKind({ date_geburtstag: value })}
              error={Boolean(error('kind.date_geburtstag'))}
              helperText={error('kind.date_geburtstag')}
              fullWidth
            />
            <TimeInput
              label="Betreuungsplatz ab"
              value={kind.betreuungsplatz}
              onChange={(value) => setKind({ betreuungsplatz: value })}
              error={Boolean(error('kind.betreuungsplatz'))}
              helperText={error('kind.betreuungsplatz')}
              fullWidth
            />
            <TimeInput
              label="Standardentlasszeit"
              value={kind.standardentlasszeit}
              onChange={(value) => setKind({ standardentlasszeit: value })}
              error={Boolean(error('kind.standardentlasszeit'))}
              helperText={error('kind.standardentlasszeit')}
              fullWidth
            />
          </Stack>
          <Section
            title="Regelausnahmen"
            action={
              <Button
                startIcon={<AddIcon />}
                disabled={freeWeekday === undefined}
                onClick={() =>
                  setKind({
                    regelausnahmen: [
                      ...(kind.regelausnahmen ?? []),
                      { id: 0, wochentag: freeWeekday ?? 1, anwesend: true, entlasszeit: '00:00', kommentar: '' },
                    ],
                  })
                }
              >
                Regelausnahme
              </Button>
            }
          >
            {(kind.regelausnahmen ?? []).map((rule, index) => {
              const update = (patch: Partial<typeof rule>) =>
                setKind({
                  regelausnahmen: (kind.regelausnahmen ?? []).map((r, i) => (i === index ? { ...r, ...patch } : r)),
                });
              const key = `kind.regelausnahmen.${index}`;
              return (
                <Stack
                  key={index}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <TextField
                    select
                    label="Wochentag"
                    value={rule.wochentag}
                    onChange={(e) => update({ wochentag: Number(e.target.value) })}
                    error={Boolean(error(`${key}.wochentag`))}
                    helperText={error(`${key}.wochentag`)}
                    sx={{ minWidth: 140 }}
                  >
                    {germanWeekdayNames.map((name, i) => (
                      <MenuItem
                        key={name}
                        value={i + 1}
                        disabled={(kind.regelausnahmen ?? []).some((r, j) => j !== index && r.wochentag === i + 1)}
                      >
                        {name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel
                    control={
                      <Switch checked={rule.anwesend} onChange={(e) => update({ anwesend: e.target.checked })} />
                    }
                    label="anwesend"
                  />
                  <TimeInput
                    label="Entlasszeit"
                    value={rule.entlasszeit}
                    onChange={(value) => update({ entlasszeit: value })}
                  />
                  <TextField
                    label="Kommentar"
                    value={rule.kommentar ?? ''}
                    onChange={(e) => update({ kommentar: e.target.value })}
                    error={Boolean(error(`${key}.kommentar`))}
                    helperText={
                      error(`${key}.kommentar`) ?? `${(rule.kommentar ?? '').length}/${RECURRING_COMMENT_MAX}`
                    }
                    slotProps={{ htmlInput: { maxLength: RECURRING_COMMENT_MAX } }}
                  />
                  <IconButton
                    aria-label="Regelausnahme entfernen"
                    onClick={() =>
                      setKind({ regelausnahmen: (kind.regelausnahmen ?? []).filter((_, i) => i !== index) })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
          </Section>
        </Stack>
      ),
    },
    {
      label: 'Ausnahmen',
      content: (
        <Stack spacing={2}>
          {parentExceptions.map((a) => (
            <Alert key={a.id} severity="error" data-testid="parent-exception">
              {formatGermanDate(a.tag)}: {a.anwesend ? `Entlassung um ${a.entlasszeit} Uhr` : 'Abwesend'}
              {a.kommentar ? ` – ${a.kommentar}` : ''} (von Eltern am {a.elternErstellt_tag} um {a.elternErstellt_zeit}{' '}
              Uhr)
            </Alert>
          ))}
          <Section
            title="Ausnahmen"
            action={
              <Button
                startIcon={<AddIcon />}
                onClick={() => setState({ ...state, ausnahmen: [...state.ausnahmen, newException()] })}
              >
                Ausnahme
              </Button>
            }
          >
            {state.ausnahmen.length === 0 && (
              <Typography color="text.secondary">{childrenMessages.noExceptions}</Typography>
            )}
            {state.ausnahmen.map((a, index) => {
              const update = (patch: Partial<ExceptionInput>) =>
                setState({
                  ...state,
                  ausnahmen: state.ausnahmen.map((x, i) => (i === index ? { ...x, ...patch } : x)),
                });
              const key = `ausnahmen.${index}`;
              return (
                <Stack
                  key={index}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <DateInput
                    label="Tag"
                    value={a.tag}
                    onChange={(value) => update({ tag: value })}
                    error={Boolean(error(`${key}.tag`))}
                    helperText={
                      error(`${key}.tag`) ??
                      (released && a.tag === today && a.id === 0 ? childrenMessages.releasedNoException : undefined)
                    }
                  />
                  <FormControlLabel
                    control={<Switch checked={a.anwesend} onChange={(e) => update({ anwesend: e.target.checked })} />}
                    label="anwesend"
                  />
                  <TimeInput
                    label="Entlasszeit"
                    value={a.entlasszeit}
                    onChange={(value) => update({ entlasszeit: value })}
                  />
                  <TextField
                    label="Grund"
                    value={a.kommentar ?? ''}
                    onChange={(e) => update({ kommentar: e.target.value })}
                    error={Boolean(error(`${key}.kommentar`))}
                    helperText={error(`${key}.kommentar`)}
                    slotProps={{ htmlInput: { maxLength: EXCEPTION_COMMENT_MAX } }}
                  />
                  <IconButton
                    aria-label="Ausnahme entfernen"
                    onClick={() => setState({ ...state, ausnahmen: state.ausnahmen.filter((_, i) => i !== index) })}
                  >
                    <DeleteIcon />
                  </IconButton>
                  {typeof a.id === 'number' && a.id !== 0 && (
                    <ExceptionAttachments
                      exceptionId={a.id}
                      initial={child?.ausnahmen.find((x) => x.id === a.id)?.anhaenge ?? []}
                      disabled={!allowEdit}
                    />
                  )}
                </Stack>
              );
            })}
          </Section>
        </Stack>
      ),
    },
    {
      label: 'Familie',
      content: (
        <Stack spacing={2}>
          <Section
            title="Telefonnummern"
            action={
              <Button
                startIcon={<AddIcon />}
                onClick={() =>
                  setState({ ...state, telefonnummern: [...state.telefonnummern, { id: 0, name: '', nummer: '' }] })
                }
              >
                Nummer
              </Button>
            }
          >
            {state.telefonnummern.map((phone, index) => {
              const update = (patch: Partial<typeof phone>) =>
                setState({
                  ...state,
                  telefonnummern: state.telefonnummern.map((p, i) => (i === index ? { ...p, ...patch } : p)),
                });
              const key = `telefonnummern.${index}`;
              return (
                <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <TextField
                    label="Name"
                    value={phone.name}
                    onChange={(e) => update({ name: e.target.value })}
                    error={Boolean(error(`${key}.name`))}
                    helperText={error(`${key}.name`)}
                  />
                  <TextField
                    label="Telefonnummer"
                    value={phone.nummer}
                    onChange={(e) => update({ nummer: e.target.value })}
                    error={Boolean(error(`${key}.nummer`))}
                    helperText={error(`${key}.nummer`)}
                  />
                  <IconButton
                    aria-label="Nummer entfernen"
                    onClick={() =>
                      setState({ ...state, telefonnummern: state.telefonnummern.filter((_, i) => i !== index) })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
          </Section>
          <Autocomplete
            multiple
            options={siblingsOptions}
            getOptionLabel={(option) => option.nameMitKlasse}
            value={siblingsOptions.filter((k) => state.geschwister.includes(k.id))}
            onChange={(_, value) => setState({ ...state, geschwister: value.map((k) => k.id) })}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Geschwister"
                error={Boolean(error('geschwister'))}
                helperText={error('geschwister')}
              />
            )}
          />
          {hasRight(rights, childrenRights.parents) ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                select
                label="Elternkonto"
                value={state.id_eltern}
                onChange={(e) => setState({ ...state, id_eltern: Number(e.target.value) })}
                sx={{ minWidth: 240 }}
              >
                <MenuItem value={0}>Keines</MenuItem>
                {data.eltern.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.nn}
                    {p.name ? ` (${p.name})` : ''}
                  </MenuItem>
                ))}
              </TextField>
              {state.id_eltern !== 0 && (
                <Link component={RouterLink} to={`/200-100?e=${state.id_eltern}`}>
                  Elternkonto öffnen
                </Link>
              )}
            </Stack>
          ) : null}
        </Stack>
      ),
    },
    {
      label: 'Abholberechtigte',
      content: (
        <Section
          title="Abholberechtigte"
          action={
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setState({
                  ...state,
                  abholberechtigte: [
                    ...state.abholberechtigte,
                    { id: 0, name: '', beziehung: '', telefon: '', notiz: '' },
                  ],
                })
              }
            >
              Person
            </Button>
          }
        >
          {state.abholberechtigte.map((person, index) => {
            const update = (patch: Partial<typeof person>) =>
              setState({
                ...state,
                abholberechtigte: state.abholberechtigte.map((p, i) => (i === index ? { ...p, ...patch } : p)),
              });
            const key = `abholberechtigte.${index}`;
            return (
              <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {(['name', 'beziehung', 'telefon', 'notiz'] as const).map((field) => (
                  <TextField
                    key={field}
                    label={{ name: 'Name', beziehung: 'Beziehung', telefon: 'Telefon', notiz: 'Notiz' }[field]}
                    value={person[field] ?? ''}
                    onChange={(e) => update({ [field]: e.target.value })}
                    error={Boolean(error(`${key}.${field}`))}
                    helperText={error(`${key}.${field}`)}
                  />
                ))}
                <IconButton
                  aria-label="Person entfernen"
                  onClick={() =>
                    setState({ ...state, abholberechtigte: state.abholberechtigte.filter((_, i) => i !== index) })
                  }
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            );
          })}
        </Section>
      ),
    },
    ...(child
      ? [
          // These tabs disable their own changes and keep their downloads usable for readers.
          { label: 'Tagebuch', content: <Diary child={child} today={today} disabled={!allowEdit} />, own: true },
          { label: 'Dokumente', content: <Documents child={child} disabled={!allowEdit} />, own: true },
          { label: 'Ausweis', content: <IdCardPanel child={child} disabled={!allowEdit} />, own: true },
        ]
      : []),
  ];

  return (
    <Dialog
      open
      onClose={requestClose}
      fullScreen={fullScreen}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: fullScreen ? undefined : 1000 } } }}
    >
      <DialogTitle>{child ? child.nameMitKlasse : 'Neues Kind'}</DialogTitle>
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="scrollable" sx={{ px: 2 }}>
        {tabs.map((t) => (
          <Tab key={t.label} label={t.label} />
        ))}
      </Tabs>
      <DialogContent dividers>
        <fieldset disabled={!allowEdit && !tabs[tab]?.own} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {tabs[tab]?.content}
        </fieldset>
      </DialogContent>
      <DialogActions>
        <Button onClick={requestClose}>Abbrechen</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!allowEdit}>
          Speichern
        </Button>
      </DialogActions>
      {confirmDialog}
    </Dialog>
  );
}

function Diary({ child, today, disabled }: { child: ChildView; today: string; disabled: boolean }) {
  const alert = useAlert();
  const [entries, setEntries] = useState(child.tagebucheintraege);
  const [day, setDay] = useState(today);
  const [text, setText] = useState(entries[today] ?? '');
  const [busy, setBusy] = useState(false);
  const store = async () => {
    setBusy(true);
    try {
      setEntries(await saveDiary(child.id, day, text));
      alert.success(messages.dataSaved);
    } catch {
      alert.error(childrenMessages.diaryFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <DateInput
        label="Datum"
        value={day}
        onChange={(value) => {
          setDay(value);
          setText(entries[value] ?? '');
        }}
      />
      <TextField
        label="Eintrag"
        multiline
        minRows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
      <Box>
        <Button variant="outlined" onClick={() => void store()} disabled={disabled || busy}>
          Eintrag speichern
        </Button>
      </Box>
      {Object.keys(entries).length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Einträge: {Object.keys(entries).sort().reverse().map(formatGermanDate).join(', ')}
        </Typography>
      )}
    </Stack>
  );
}

/** Attachments of a saved staff exception (PDF or images): view, upload, delete right away. */
function ExceptionAttachments({
  exceptionId,
  initial,
  disabled,
}: {
  exceptionId: number;
  initial: { pfad: string; name: string }[];
  disabled: boolean;
}) {
  const alert = useAlert();
  const saveAction = useSaveAction();
  const queryClient = useQueryClient();
  const [attachments, setAttachments] = useState(initial);
  const refresh = () => queryClient.invalidateQueries({ queryKey: childrenKeys.all });
  const upload = async (file: File) => {
    const added = await saveAction(() => uploadAttachment(exceptionId, file), {
      success: messages.dataSaved,
      failure: childrenMessages.saveFailed,
    });
    if (added) {
      setAttachments([...attachments, added]);
      void refresh();
    }
  };
  const remove = async (pfad: string) => {
    const done = await saveAction(() => deleteAttachment(exceptionId, pfad).then(() => true), {
      failure: childrenMessages.saveFailed,
    });
    if (done) {
      setAttachments(attachments.filter((a) => a.pfad !== pfad));
      void refresh();
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="exception-attachments"
    >
      {attachments.map((attachment) => (
        <Stack key={attachment.pfad} direction="row" sx={{ alignItems: 'center' }}>
          <Link
            component="button"
            onClick={() =>
              void downloadStoredFile(attachment.pfad, attachment.name).catch(() =>
                alert.error(messages.downloadFailed),
              )
            }
          >
            {attachment.name}
          </Link>
          {!disabled && (
            <IconButton
              aria-label={`${attachment.name} löschen`}
              size="small"
              onClick={() => void remove(attachment.pfad)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ))}
      {!disabled && (
        <Button component="label" size="small" startIcon={<AddIcon />}>
          Anhang
          <input
            hidden
            type="file"
            accept="application/pdf,image/*"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </Button>
      )}
    </Stack>
  );
}

function Documents({ child, disabled }: { child: ChildView; disabled: boolean }) {
  const alert = useAlert();
  const saveAction = useSaveAction();
  const queryClient = useQueryClient();
  const [documents, setDocuments] = useState(child.dokumente);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: childrenKeys.all }),
      queryClient.invalidateQueries({ queryKey: childrenKeys.details }),
    ]);
  const upload = async (file: File) => {
    const added = await saveAction(() => uploadDocument(child.id, file), {
      success: messages.dataSaved,
      failure: childrenMessages.saveFailed,
    });
    if (added) {
      setDocuments([...documents, added]);
      void refresh();
    }
  };
  const remove = async (id: number) => {
    const done = await saveAction(() => deleteDocument(id).then(() => true), {
      failure: childrenMessages.saveFailed,
    });
    if (done) {
      setDocuments(documents.filter((d) => d.id !== id));
      void refresh();
    }
  };
  return (
    <Stack spacing={1}>
      {documents.length === 0 && <Typography color="text.secondary">{childrenMessages.noDocuments}</Typography>}
      {documents.map((doc) => (
        <Stack key={doc.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link
            component="button"
            onClick={() =>
              void downloadStoredFile(doc.pfad, doc.name).catch(() => alert.error(messages.downloadFailed))
            }
          >
            {doc.name}
          </Link>
          {!disabled && (
            <IconButton aria-label={`${doc.name} löschen`} size="small" onClick={() => void remove(doc.id)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ))}
      {!disabled && (
        <Box>
          <Button component="label" variant="outlined" startIcon={<AddIcon />}>
            Dokument hochladen
            <input
              hidden
              type="file"
              accept="application/pdf,image/*"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Button>
        </Box>
      )}
    </Stack>
  );
}
