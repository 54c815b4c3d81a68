import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { validationMessages } from '@hortus/contract';
import { releaseMessages, validOn, type SameDayKind } from '@hortus/contract/modules/children';
import {
  ABSENT,
  REPORT_COMMENT_MAX,
  SICK,
  commentCounter,
  cutoffPassed,
  followDates,
  offeredReleaseTimes,
  parentReportsMessages,
  reportDayError,
  reportDayErrors,
  type ParentReportsData,
} from '@hortus/contract/modules/parent-reports';
import { useAlert } from '../../../platform/alert/alert-context';
import { Notice } from '../../../platform/feedback/notice';
import { DeferredDateInput } from '../../../platform/forms/deferred-date-input';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { uploadReportFiles, useSaveParentReports, waitForNewVersion } from '../api/parent-reports';
import { SameDayForm } from './same-day-form';

/** The report form's options for a same-day pickup change (issue 44), next to absence and release time. */
const SAME_DAY: Readonly<Record<SameDayKind, string>> = { allein: 'abholung:allein', person: 'abholung:person' };
const sameDayKindOf = (option: string): SameDayKind | null =>
  option === SAME_DAY.allein ? 'allein' : option === SAME_DAY.person ? 'person' : null;

interface Attachment {
  pfad: string;
  name: string;
}

/**
 * The report form (school.md 3.3, 5.3): own children, absence / sickness / an offered release time, from and
 * to, comment and attachments when allowed; after sending the thanks or the late text. Issue 44 adds the
 * same-day pickup change as two more kinds ('geht heute allein um …', 'wird heute abgeholt von …') for one
 * day, until the Hort's deadline for today (`abholungHeute_spaetestensBis`).
 */
export function ReportForm({ data }: { data: ParentReportsData }) {
  const { settings } = data;
  const alert = useAlert();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveParentReports();
  const [kinder, setKinder] = useState<number[]>(data.kinder.length === 1 ? [data.kinder[0]?.id ?? 0] : []);
  const [anwesenheit, setAnwesenheit] = useState('');
  const [dates, setDates] = useState({ from: data.heute, to: data.heute });
  const [kommentar, setKommentar] = useState('');
  const [chosenFiles, setChosenFiles] = useState<File[]>([]);
  const [fileInputKey, setFileInputKey] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [result, setResult] = useState<{ late: boolean; text: string } | null>(null);

  const classIds = data.kinder.filter((kind) => kinder.includes(kind.id)).map((kind) => kind.id_klasse);
  const times = offeredReleaseTimes(
    settings.moeglicheEntlasszeiten,
    settings.moeglicheEntlasszeiten_bedingungen,
    classIds,
    dates.from,
    dates.to,
  );
  const option =
    anwesenheit === ABSENT || anwesenheit === SICK || times.includes(anwesenheit) || sameDayKindOf(anwesenheit)
      ? anwesenheit
      : '';
  const sameDay = sameDayKindOf(option);
  const deadline = settings.abholungHeute_spaetestensBis;
  const dayErrors = (day: string) =>
    day === '' ? validationMessages.required : reportDayErrors(day, data.heute).join(' ') || null;
  const tooLate =
    sameDay !== null && dates.from === data.heute && cutoffPassed(dates.from, deadline, data.heute, data.jetzt);
  const fromError = dayErrors(dates.from) ?? (tooLate ? releaseMessages.deadlinePassed(deadline) : null);
  const toError = sameDay ? null : dayErrors(dates.to);
  const chosen = data.kinder.filter((kind) => kinder.includes(kind.id));
  const persons = [
    ...new Set(
      chosen.flatMap((kind) =>
        (kind.abholung?.personen ?? []).filter((person) => validOn(person, dates.from)).map((person) => person.name),
      ),
    ),
  ];
  const today = dates.from === data.heute;
  // The other date follows only a date the user settled on (chosen in the calendar, or the field left) and
  // only a valid one: a picker hands on every complete date while the user types ('27112026' passes
  // through 02.12.2026), and those must not drag the other date along.
  const follow = (changed: 'from' | 'to') =>
    setDates((current) =>
      reportDayError(current[changed], data.heute) === null ? followDates(current.from, current.to, changed) : current,
    );
  const commentTooLong = [...kommentar].length > REPORT_COMMENT_MAX;
  const valid = kinder.length > 0 && option !== '' && !fromError && !toError && !commentTooLong;

  const upload = async () => {
    if (chosenFiles.length === 0) {
      alert.error(parentReportsMessages.chooseFile);
      return;
    }
    const stored = await saveAction(() => uploadReportFiles(chosenFiles), {
      failure: parentReportsMessages.sendFailed,
    });
    if (!stored) return;
    setAttachments([...attachments, ...stored]);
    setChosenFiles([]);
    setFileInputKey(fileInputKey + 1);
  };

  const send = async () => {
    const reply = await saveAction(
      () =>
        save({
          type: 'meldung',
          data: {
            kind: kinder,
            anwesenheit: option,
            kommentar: settings.meldung_erlaubeKommentar ? kommentar : '',
            tag: dates.from,
            tag_bis: dates.to,
            anhaenge: attachments.map((file) => file.pfad),
          },
        }),
      { failure: parentReportsMessages.sendFailed },
    );
    if (!reply) return;
    await waitForNewVersion(reply, data.xtime);
    const late = reply.meldung?.verspaetet ?? false;
    const text = reply.meldung?.text ?? parentReportsMessages.received;
    setResult({ late, text });
    // Also at the bottom of the screen: on a phone the form's top may be scrolled away.
    alert.show(text, late ? 'warning' : 'success', 8000);
    setAttachments([]);
    setKommentar('');
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        {settings.text_alertVorMeldungsformular !== '' && (
          <Notice severity="info" data-testid="report-info">
            <Box sx={{ whiteSpace: 'pre-line' }}>{settings.text_alertVorMeldungsformular}</Box>
          </Notice>
        )}
        {result && (
          <Notice severity={result.late ? 'warning' : 'success'} data-testid="report-result">
            {result.text}
          </Notice>
        )}
        <FormGroup>
          <FormLabel component="legend">Kinder</FormLabel>
          {data.kinder.map((kind) => (
            <FormControlLabel
              key={kind.id}
              label={`${kind.name} (${kind.name_klasse})`}
              control={
                <Checkbox
                  checked={kinder.includes(kind.id)}
                  onChange={(e) =>
                    setKinder(e.target.checked ? [...kinder, kind.id] : kinder.filter((id) => id !== kind.id))
                  }
                />
              }
            />
          ))}
        </FormGroup>
        <Stack direction="row" spacing={1}>
          <DeferredDateInput
            label={sameDay ? 'Tag' : 'Von'}
            value={dates.from}
            min={data.heute}
            onChange={(from) => setDates((current) => ({ ...current, from }))}
            onAccept={() => follow('from')}
            onBlur={() => follow('from')}
            error={Boolean(fromError)}
            helperText={fromError}
            fullWidth
          />
          {!sameDay && (
            <DeferredDateInput
              label="Bis"
              value={dates.to}
              min={data.heute}
              onChange={(to) => setDates((current) => ({ ...current, to }))}
              onAccept={() => follow('to')}
              onBlur={() => follow('to')}
              error={Boolean(toError)}
              helperText={toError}
              fullWidth
            />
          )}
        </Stack>
        <Box>
          <FormLabel id="report-option">Anwesenheit</FormLabel>
          <RadioGroup aria-labelledby="report-option" value={option} onChange={(e) => setAnwesenheit(e.target.value)}>
            <FormControlLabel value={ABSENT} control={<Radio />} label="Abwesend" />
            <FormControlLabel value={SICK} control={<Radio />} label="Krank" />
            {times.map((time) => (
              <FormControlLabel key={time} value={time} control={<Radio />} label={`Entlassung um ${time} Uhr`} />
            ))}
            <FormControlLabel
              value={SAME_DAY.allein}
              control={<Radio />}
              label={today ? 'Geht heute allein um …' : 'Geht allein um …'}
            />
            <FormControlLabel
              value={SAME_DAY.person}
              control={<Radio />}
              label={today ? 'Wird heute abgeholt von …' : 'Wird abgeholt von …'}
            />
          </RadioGroup>
        </Box>
        {sameDay && (
          <Stack spacing={1} data-testid="pickup-change">
            <Typography variant="body2" color="text.secondary">
              Änderungen der Abholung für heute bis {deadline} Uhr.
            </Typography>
            {chosen.map(
              (kind) =>
                kind.abholung && (
                  <Typography key={kind.id} variant="body2" data-testid="pickup-today">
                    {chosen.length > 1 ? `${kind.vorname}: ` : ''}Was heute gilt: {kind.abholung.heute.text}
                  </Typography>
                ),
            )}
            <SameDayForm
              childIds={kinder}
              tag={dates.from}
              art={sameDay}
              persons={persons}
              blocked={fromError !== null}
            />
          </Stack>
        )}
        {!sameDay && settings.meldung_erlaubeKommentar && (
          <TextField
            label="Kommentar"
            value={kommentar}
            onChange={(e) => setKommentar(e.target.value)}
            error={commentTooLong}
            helperText={commentCounter(kommentar)}
            slotProps={{ htmlInput: { maxLength: REPORT_COMMENT_MAX } }}
          />
        )}
        {!sameDay && settings.meldung_erlaubeDateiupload && (
          <Stack spacing={1}>
            <FormLabel>Anhänge (PDF oder Bild)</FormLabel>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {/* A button that opens the hidden file input: a label styled as a button has a role axe refuses. */}
              <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()}>
                Datei wählen
              </Button>
              <input
                key={fileInputKey}
                ref={fileInput}
                hidden
                type="file"
                multiple
                accept="application/pdf,image/*"
                data-testid="report-file"
                onChange={(e) => setChosenFiles([...(e.target.files ?? [])].slice(0, 5))}
              />
              <Button onClick={() => void upload()}>Hochladen</Button>
              {chosenFiles.map((file) => (
                <Typography key={file.name} variant="body2">
                  {file.name}
                </Typography>
              ))}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="report-attachments">
              {attachments.map((file) => (
                <Chip
                  key={file.pfad}
                  label={file.name}
                  onDelete={() => setAttachments(attachments.filter((entry) => entry.pfad !== file.pfad))}
                />
              ))}
            </Stack>
          </Stack>
        )}
        {!sameDay && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" disabled={!valid} onClick={() => void send()}>
              Senden
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
