import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ID_CARD_DEFAULTS,
  PREVIEW_WIDTH,
  QR_DEFAULTS,
  cardDesignIds,
  cardDesigns,
  fileRules,
  idCardMessages,
  messages,
  type ChildView,
} from '@hortus/contract';
import { useAlert } from '../../../platform/alert/alert-context';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { createIdCard, deleteIdCard, downloadIdCard, useIdCard, useIdCardCache } from '../api/id-cards';

interface CardForm {
  design: number;
  gesichtauto: boolean;
  faktor: number;
  offsetx: number;
  offsety: number;
  breite: number;
  qrOffsetx: number;
  qrOffsety: number;
}

const defaults: CardForm = {
  design: 1,
  gesichtauto: true,
  ...ID_CARD_DEFAULTS,
  breite: QR_DEFAULTS.breite,
  qrOffsetx: QR_DEFAULTS.offsetx,
  qrOffsety: QR_DEFAULTS.offsety,
};

function NumberField({ label, value, onChange }: { label: string; value: number; onChange(value: number): void }) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      sx={{ width: 150 }}
    />
  );
}

/** The child dialog's 'Ausweis' tab (school.md 4.6): the card's preview and actions, or the create form. */
export function IdCardPanel({ child, disabled }: { child: ChildView; disabled: boolean }) {
  const query = useIdCard(child.id);
  const cache = useIdCardCache();
  const alert = useAlert();
  const saveAction = useSaveAction();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [form, setForm] = useState<CardForm>(defaults);
  const [photo, setPhoto] = useState<File | null>(null);
  const set = (patch: Partial<CardForm>) => setForm({ ...form, ...patch });

  if (query.isPending) return <CircularProgress size={24} />;
  if (query.isError) return <Typography color="error">{idCardMessages.fileFailed}</Typography>;
  const card = query.data;

  const create = async () => {
    if (!photo) {
      alert.error(idCardMessages.photoRequired);
      return;
    }
    const reply = await saveAction(
      () =>
        createIdCard(child.id, {
          foto: photo,
          design: form.design,
          gesichtauto: form.gesichtauto,
          faktor: form.faktor,
          offsetx: form.offsetx,
          offsety: form.offsety,
          qrCodes: [{ id: 0, idTyp: 1, breite: form.breite, offsetx: form.qrOffsetx, offsety: form.qrOffsety }],
        }),
      { failure: idCardMessages.fileFailed },
    );
    if (reply) {
      cache.set(child.id, reply.neuIDCard);
      setCreating(false);
      setPhoto(null);
    }
  };

  const download = () => saveAction(() => downloadIdCard(child.id), { failure: idCardMessages.fileFailed });
  const remove = async () => {
    setDeleting(false);
    const done = await saveAction(() => deleteIdCard(child.id), {
      success: messages.dataSaved,
      failure: idCardMessages.fileFailed,
    });
    if (done !== null) cache.set(child.id, null);
  };

  if (card && !creating) {
    return (
      <Stack spacing={2} data-testid="id-card-preview">
        <Box
          component="img"
          src={card.vorschau}
          alt={`Ausweis von ${child.name}`}
          sx={{ width: PREVIEW_WIDTH, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
        {card.gesichtauto && !card.gesichtErkannt && (
          <Typography color="error" data-testid="no-face">
            {idCardMessages.noFace}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Erstellt am {card.erstellt}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void download()}>
            PDF herunterladen
          </Button>
          <Button onClick={() => setCreating(true)} disabled={disabled}>
            Neue Karte
          </Button>
          <Button color="error" onClick={() => setDeleting(true)} disabled={disabled}>
            Karte löschen
          </Button>
        </Stack>
        <ConfirmDialog
          open={deleting}
          title="Karte löschen?"
          text="Der QR-Code der gedruckten Karte ist danach ungültig."
          onCancel={() => setDeleting(false)}
          onConfirm={() => void remove()}
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="id-card-form">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FilePickerButton
          label="Foto wählen"
          variant="outlined"
          rule={fileRules.jpeg}
          disabled={disabled}
          onFiles={([file]) => setPhoto(file ?? null)}
        />
        <Typography variant="body2">{photo ? photo.name : 'Kein Foto gewählt (nur JPEG)'}</Typography>
      </Stack>
      <TextField
        select
        size="small"
        label="Design"
        value={form.design}
        onChange={(e) => set({ design: Number(e.target.value) })}
        sx={{ width: 200 }}
      >
        {cardDesignIds.map((id) => (
          <MenuItem key={id} value={id}>
            {cardDesigns[id].name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={form.gesichtauto} onChange={(e) => set({ gesichtauto: e.target.checked })} />}
        label="Gesicht automatisch erkennen"
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <NumberField label="Faktor (%)" value={form.faktor} onChange={(faktor) => set({ faktor })} />
        <NumberField label="Versatz X (%)" value={form.offsetx} onChange={(offsetx) => set({ offsetx })} />
        <NumberField label="Versatz Y (%)" value={form.offsety} onChange={(offsety) => set({ offsety })} />
      </Stack>
      <Typography variant="subtitle2">QR-Code Anmelden/Abmelden</Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <NumberField label="Breite (%)" value={form.breite} onChange={(breite) => set({ breite })} />
        <NumberField label="Abstand rechts (%)" value={form.qrOffsetx} onChange={(qrOffsetx) => set({ qrOffsetx })} />
        <NumberField label="Abstand unten (%)" value={form.qrOffsety} onChange={(qrOffsety) => set({ qrOffsety })} />
      </Stack>
      {card && <Alert severity="info">Die neue Karte ersetzt die bisherige; deren QR-Code wird ungültig.</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void create()} disabled={disabled}>
          Karte erstellen
        </Button>
        {card && <Button onClick={() => setCreating(false)}>Abbrechen</Button>}
      </Stack>
    </Stack>
  );
}
