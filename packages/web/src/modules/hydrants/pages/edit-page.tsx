import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useController } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  URGENT_DEFECTS,
  hydrantInput,
  hydrantMessages,
  type Hydrant,
  type HydrantData,
} from '@hortus/contract/modules/hydrants';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormNumberField, FormSelectField, FormTextField } from '../../../platform/forms/form-fields';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import { useFormSave } from '../../../platform/forms/use-form-save';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { deleteHydrant, reverseGeocode, saveHydrant, searchAddress, useHydrantCache } from '../api/hydrants';
import { formValuesOf, type HydrantFormValues } from '../logic/hydrant-form';
import { WithHydrants } from './hydrant-data';
import { ConflictAlert } from '../../../platform/forms/conflict-alert';

function positionOf(params: URLSearchParams): { lat: number; lon: number } | null {
  const lat = Number(params.get('lat') ?? NaN);
  const lon = Number(params.get('lon') ?? NaN);
  return params.get('lat') !== null && Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

/** /310-030?h={id}&t={0|1}[&lat&lon]: the edit form with the tabs Position and Eigenschaften; h=0 is a new hydrant. */
export function EditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('h') ?? 0);
  const position = positionOf(params);
  const cache = useHydrantCache();
  // "Neu laden" after a conflict: the register is fetched again and the form starts anew from it.
  const [reloads, setReloads] = useState(0);
  const reload = () => void cache.reload().then(() => setReloads((count) => count + 1));
  return (
    <WithHydrants>
      {(data) => {
        const hydrant = data.hydranten.find((h) => h.id === id);
        if (id > 0 && !hydrant) {
          return (
            <PageContainer>
              <Typography role="alert">{hydrantMessages.unknownHydrant}</Typography>
            </PageContainer>
          );
        }
        return (
          <HydrantForm
            key={`${id}-${reloads}-${params.get('lat') ?? ''}-${params.get('lon') ?? ''}`}
            data={data}
            hydrant={hydrant}
            values={formValuesOf(data, hydrant, position)}
            initialTab={params.get('t') === '1' ? 1 : 0}
            onReload={reload}
          />
        );
      }}
    </WithHydrants>
  );
}

function DefectField({ form, data }: { form: ReturnType<typeof useHydrantForm>; data: HydrantData }) {
  const { field } = useController({ control: form.control, name: 'mangel' });
  const value = (field.value ?? []) as string[];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">Mängel</FormLabel>
      <FormGroup>
        {data.maengel.map((defect) => (
          <FormControlLabel
            key={defect.schluessel}
            control={
              <Checkbox
                checked={value.includes(defect.schluessel)}
                onChange={(event) =>
                  field.onChange(
                    event.target.checked
                      ? [...value, defect.schluessel]
                      : value.filter((key) => key !== defect.schluessel),
                  )
                }
              />
            }
            label={
              <Typography color={URGENT_DEFECTS.includes(defect.schluessel) ? 'error' : undefined}>
                {`${defect.schluessel} ${defect.name}`}
              </Typography>
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}

function useHydrantForm(values: HydrantFormValues) {
  // The register may come from the device first; the server's fresher hydrant replaces an untouched form.
  return useSchemaForm(hydrantInput, values, { follow: true });
}

function HydrantForm({
  data,
  hydrant,
  values,
  initialTab,
  onReload,
}: {
  data: HydrantData;
  hydrant: Hydrant | undefined;
  values: HydrantFormValues;
  initialTab: number;
  onReload(): void;
}) {
  const navigate = useNavigate();
  const alert = useAlert();
  const cache = useHydrantCache();
  const saveAction = useSaveAction();
  const form = useHydrantForm(values);
  const save = useFormSave(form, { prefix: 'hydrant.' });
  const [tab, setTab] = useState(initialTab);
  const [askDelete, setAskDelete] = useState(false);
  const isNew = values.id === 0;
  const positionChanged = hydrant !== undefined && String(hydrant.coords_lat) !== values.coords_lat;
  const backToMap = () => void navigate('/310');
  const { requestClose, confirmDialog } = useDiscardGuard(form.formState.isDirty || positionChanged, backToMap);

  const submit = form.handleSubmit(
    async (checked) => {
      const result: { answer?: Awaited<ReturnType<typeof saveHydrant>> } = {};
      const saved = await save(
        async () => {
          result.answer = await saveHydrant({ ...checked, version: hydrant?.version });
        },
        { success: hydrantMessages.saved, failure: hydrantMessages.saveFailed },
      );
      if (saved && result.answer) {
        const { hydrant: stored, strasse } = result.answer;
        cache.put(stored, strasse);
        void navigate(`/310?lat=${stored.coords_lat}&lon=${stored.coords_lon}`);
      }
    },
    (errors) => {
      // Show the tab of the first refused field.
      const positionFields = ['coords_lat', 'coords_lon', 'strasse', 'hausnummer', 'plz', 'ort'];
      if (Object.keys(errors).some((key) => positionFields.includes(key))) setTab(0);
      else setTab(1);
    },
  );

  const remove = async () => {
    setAskDelete(false);
    const done = await saveAction(() => deleteHydrant(values.id), {
      success: hydrantMessages.deleted,
      failure: hydrantMessages.deleteFailed,
    });
    if (done) {
      cache.remove(values.id);
      backToMap();
    }
  };

  const pickOnMap = () => {
    const query = new URLSearchParams({ setLocation: '1', h: String(values.id) });
    const lat = form.getValues('coords_lat');
    const lon = form.getValues('coords_lon');
    if (lat !== '' && lon !== '') {
      query.set('lat', String(lat));
      query.set('lon', String(lon));
    }
    void navigate(`/310?${query.toString()}`);
  };

  const findAddress = async () => {
    const lat = Number(form.getValues('coords_lat'));
    const lon = Number(form.getValues('coords_lon'));
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
      alert.error(hydrantMessages.noAddressFromCoordinates);
      return;
    }
    try {
      const address = await reverseGeocode(lat, lon);
      const options = { shouldDirty: true, shouldValidate: true };
      form.setValue('strasse', address.strasse, options);
      form.setValue('hausnummer', address.hausnummer, options);
      form.setValue('plz', address.plz, options);
      form.setValue('ort', address.ort, options);
    } catch (error) {
      alert.error(saveErrorMessage(error, hydrantMessages.geocodingFailed));
    }
  };

  /** Forward lookup: the address fields to coordinates. */
  const findPosition = async () => {
    const [strasse, hausnummer, plz, ort] = form.getValues(['strasse', 'hausnummer', 'plz', 'ort']);
    const query = [[strasse, hausnummer].join(' ').trim(), [plz, ort].join(' ').trim()]
      .filter((p) => p !== '')
      .join(', ');
    if (query === '') {
      alert.error(hydrantMessages.noCoordinatesFromAddress);
      return;
    }
    try {
      const found = await searchAddress(query);
      const options = { shouldDirty: true, shouldValidate: true };
      form.setValue('coords_lat', String(found.lat), options);
      form.setValue('coords_lon', String(found.lon), options);
    } catch (error) {
      alert.error(saveErrorMessage(error, hydrantMessages.geocodingFailed));
    }
  };

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 720, mx: 'auto' }}>
        <SubmitForm onSubmit={submit}>
          <Typography variant="h6" component="h1" sx={{ px: 3, pt: 2 }}>
            {isNew ? 'Neuer Hydrant' : `Hydrant ${values.nummer}`}
          </Typography>
          <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ px: 2 }}>
            <Tab label="Position" />
            <Tab label="Eigenschaften" />
          </Tabs>
          <Box sx={{ p: 3 }}>
            <ConflictAlert message={form.formState.errors.root?.['conflict']?.message} onReload={onReload} />
            <Stack spacing={2} sx={{ display: tab === 0 ? 'flex' : 'none' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField control={form.control} name="coords_lat" label="Breitengrad" fullWidth />
                <FormTextField control={form.control} name="coords_lon" label="Längengrad" fullWidth />
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Button onClick={pickOnMap}>Auf der Karte wählen</Button>
                {data.karte.geocoding && <Button onClick={() => void findAddress()}>Adresse ermitteln</Button>}
                {data.karte.geocoding && <Button onClick={() => void findPosition()}>Position aus Adresse</Button>}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField control={form.control} name="strasse" label="Straße" required fullWidth />
                <FormTextField control={form.control} name="hausnummer" label="Hausnummer" sx={{ minWidth: 140 }} />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField control={form.control} name="plz" label="PLZ" sx={{ minWidth: 140 }} />
                <FormTextField control={form.control} name="ort" label="Ort" fullWidth />
              </Stack>
            </Stack>
            <Stack spacing={2} sx={{ display: tab === 1 ? 'flex' : 'none' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField control={form.control} name="nummer" label="Hydrantennummer" fullWidth />
                <FormNumberField control={form.control} name="durchmesser" label="Durchmesser (mm)" fullWidth />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField control={form.control} name="lage" label="Lage" fullWidth />
                <FormTextField control={form.control} name="lageSchild" label="Lage des Schilds" fullWidth />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormSelectField
                  control={form.control}
                  name="status"
                  label="Status"
                  options={data.statuswerte.map((s) => ({ value: s.id, label: s.name }))}
                  fullWidth
                />
                <FormDateField control={form.control} name="letztePruefung" label="Letzte Prüfung" />
              </Stack>
              <DefectField form={form} data={data} />
              <FormTextField control={form.control} name="info" label="Info" multiline minRows={2} fullWidth />
            </Stack>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, px: 3, pb: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {!isNew && (
              <Button color="error" onClick={() => setAskDelete(true)} sx={{ mr: 'auto' }}>
                Löschen
              </Button>
            )}
            <Button onClick={requestClose}>Abbrechen</Button>
            <Button type="submit" variant="contained">
              Speichern
            </Button>
          </Box>
        </SubmitForm>
      </Paper>
      {confirmDialog}
      <ConfirmDialog
        open={askDelete}
        text={hydrantMessages.deleteConfirm}
        confirmLabel="Löschen"
        onConfirm={() => void remove()}
        onCancel={() => setAskDelete(false)}
      />
    </PageContainer>
  );
}
