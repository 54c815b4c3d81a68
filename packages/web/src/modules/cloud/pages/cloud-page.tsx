import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { cloudMessages, type CloudSlot, type CloudSlotInput } from '@hortus/contract/modules/cloud';
import { useAlert } from '../../../platform/alert/alert-context';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useCloudData, useSaveCloud } from '../api/cloud-data';
import { downloadSlotQrCode } from '../api/files';
import { SlotCard } from '../components/slot-card';
import { SlotEditDialog } from '../components/slot-edit-dialog';
import { SlotFilesDialog } from '../components/slot-files-dialog';
import { CLOSE_DELAY_MS } from '../logic/close-delay';
import { newSlot, slotIdOf, slotInputOf } from '../logic/slot-form';

/** /130 'Dateien': slot cards; ?s={id} opens the slot's files. */
export function CloudPage() {
  const query = useCloudData();
  const settings = useSettings();
  const alert = useAlert();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveCloud();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const slotId = slotIdOf(params.get('s'));
  const [isClosing, setClosing] = useState(false);
  const [editing, setEditing] = useState<CloudSlotInput | null>(null);
  const [deleting, setDeleting] = useState<CloudSlot | null>(null);
  const refetch = query.refetch;
  const isFirst = useRef(true);

  // Reload on every route change within the module (school.md 2.1); the first load is the query's own.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    void refetch();
  }, [location.key, refetch]);

  useEffect(() => setClosing(false), [slotId]);

  if (!query.data) {
    return query.isError ? (
      <PageContainer>
        <Typography color="text.secondary">{cloudMessages.empty}</Typography>
      </PageContainer>
    ) : (
      <PageLoading />
    );
  }
  const data = query.data;
  const groups = settings.data?.nutzergruppen ?? [];
  const openSlot = slotId === null ? undefined : data.slots.find((slot) => slot.id === slotId);

  const closeSlot = () => {
    setClosing(true);
    setTimeout(() => void navigate('/130'), CLOSE_DELAY_MS);
  };

  const deleteSlot = async () => {
    const slot = deleting;
    setDeleting(null);
    if (!slot) return;
    await saveAction(() => save({ type: 'delslot', data: { id: slot.id } }), {
      success: cloudMessages.slotDeleted,
      failure: cloudMessages.saveFailed,
    });
  };

  const qrCode = async (slot: CloudSlot) => {
    try {
      await downloadSlotQrCode(slot.id);
    } catch {
      alert.error(cloudMessages.qrFailed);
    }
  };

  return (
    <PageContainer>
      {query.isFetching && (
        <LinearProgress
          aria-label="Wird geladen…"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }}
        />
      )}
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Dateien
        </Typography>
        {data.slotHinzufuegen && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(newSlot(data.settings))}>
            Slot hinzufügen
          </Button>
        )}
      </Stack>
      {data.slots.length === 0 ? (
        <Typography color="text.secondary">{cloudMessages.empty}</Typography>
      ) : (
        <Grid container spacing={2}>
          {data.slots.map((slot) => (
            <Grid key={slot.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <SlotCard
                slot={slot}
                onOpen={() => void navigate(`/130?s=${slot.id}`)}
                onEdit={() => setEditing(slotInputOf(slot))}
                onDelete={() => setDeleting(slot)}
                onQrCode={() => void qrCode(slot)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {slotId !== null && (
        <SlotFilesDialog
          open={!isClosing}
          slot={openSlot}
          isLoading={query.isFetching}
          onClose={closeSlot}
          onChanged={() => refetch()}
        />
      )}
      {editing && <SlotEditDialog initial={editing} groups={groups} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        text={`Den Slot „${deleting?.name ?? ''}“ mit allen Dateien löschen?`}
        confirmLabel="Löschen"
        onConfirm={() => void deleteSlot()}
        onCancel={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
