import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fileRules, messages } from '@hortus/contract';
import {
  ID_CARD_DEFAULTS,
  PREVIEW_WIDTH,
  QR_DEFAULTS,
  cardSettingsInput,
  cardDesignIds,
  cardDesigns,
  idCardMessages,
  type CardSettingsInput,
  type ChildView,
  type IdCardView,
} from '@hortus/contract/modules/children';
import { useAlert } from '../../../platform/alert/alert-context';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { FilePickerButton } from '../../../platform/forms/file-picker-button';
import { FormCheckbox, FormNumberField, FormSelectField } from '../../../platform/forms/form-fields';
import { useFormSave } from '../../../platform/forms/use-form-save';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { createIdCard, deleteIdCard, downloadIdCard, useIdCard, useIdCardCache } from '../api/id-cards';
import { readCardSettings, writeCardSettings } from '../logic/card-settings-store';

const defaults: CardSettingsInput = {
  design: 1,
  gesichtauto: true,
  ...ID_CARD_DEFAULTS,
  qrCodes: [
    { id: 0, idTyp: 1, breite: QR_DEFAULTS.breite, offsetx: QR_DEFAULTS.offsetx, offsety: QR_DEFAULTS.offsety },
  ],
};

const numberSx = { width: 150 };

/** The child dialog's 'Ausweis' tab (school.md 4.6): the card's preview and actions, or the create form. */
export function IdCardPanel({ child, disabled }: { child: ChildView; disabled: boolean }) {
  const query = useIdCard(child.id);
  const cache = useIdCardCache();
  const alert = useAlert();
  const saveAction = useSaveAction();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The last card's settings on this device (its QR code's size and place) start the form.
  const form = useSchemaForm(cardSettingsInput, useState(() => readCardSettings(defaults))[0]);
  const formSave = useFormSave(form);
  const [photo, setPhoto] = useState<File | null>(null);
  const rootError = form.formState.errors.root?.['server']?.message;

  if (query.isPending) return <CircularProgress size={24} />;
  if (query.isError) return <Typography color="error">{idCardMessages.fileFailed}</Typography>;
  const card = query.data;

  // The card's rules are the contract's: a QR code over the text or a number out of range is marked on its
  // field before sending, and the server's refusals ('qrCodes.0.offsetx') land on the same fields.
  const create = form.handleSubmit(async (values) => {
    if (!photo) {
      alert.error(idCardMessages.photoRequired);
      return;
    }
    let created: IdCardView | null = null;
    const saved = await formSave(
      async () => {
        created = (await createIdCard(child.id, { foto: photo, ...values })).neuIDCard;
      },
      { failure: idCardMessages.fileFailed },
    );
    if (saved) {
      writeCardSettings(values);
      cache.set(child.id, created);
      setCreating(false);
      setPhoto(null);
    }
  });

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
      <FormSelectField
        control={form.control}
        name="design"
        size="small"
        label="Design"
        options={cardDesignIds.map((id) => ({ value: id, label: cardDesigns[id].name }))}
        sx={{ width: 200 }}
      />
      <FormCheckbox control={form.control} name="gesichtauto" variant="switch" label="Gesicht automatisch erkennen" />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <FormNumberField control={form.control} name="faktor" size="small" label="Faktor (%)" sx={numberSx} />
        <FormNumberField control={form.control} name="offsetx" size="small" label="Versatz X (%)" sx={numberSx} />
        <FormNumberField control={form.control} name="offsety" size="small" label="Versatz Y (%)" sx={numberSx} />
      </Stack>
      <Typography variant="subtitle2">QR-Code Anmelden/Abmelden</Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <FormNumberField control={form.control} name="qrCodes.0.breite" size="small" label="Breite (%)" sx={numberSx} />
        <FormNumberField
          control={form.control}
          name="qrCodes.0.offsetx"
          size="small"
          label="Abstand rechts (%)"
          sx={numberSx}
        />
        <FormNumberField
          control={form.control}
          name="qrCodes.0.offsety"
          size="small"
          label="Abstand unten (%)"
          sx={numberSx}
        />
      </Stack>
      {rootError && <Alert severity="error">{rootError}</Alert>}
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
