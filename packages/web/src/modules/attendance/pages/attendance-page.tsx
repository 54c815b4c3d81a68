import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@hortus/contract';
import {
  attendanceMessages,
  parseCheckInScan,
  type AttendanceData,
  type SlotInput,
  type SlotView,
} from '@hortus/contract/modules/attendance';
import { useAlert } from '../../../platform/alert/alert-context';
import { saveErrorMessage } from '../../../platform/api/save-error-message';
import { useSettings } from '../../../platform/api/get-settings';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useDismissibleOfflineBanner } from '../../../platform/offline/offline-banner';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { attendanceKeys, checkInByQr, downloadQrPdf, useAttendance, useSaveAttendance } from '../api/attendance';
import { OpenPollsDialog } from '../components/open-polls-dialog';
import { OverviewDialog } from '../components/overview-dialog';
import { PollsDialog } from '../components/polls-dialog';
import { ScanDialog } from '../components/scan-dialog';
import { SlotCard, type SlotAction } from '../components/slot-card';
import { SlotEditDialog } from '../components/slot-edit-dialog';
import { appAddressOf, checkInValueOf, slotIdOf } from '../logic/attendance-view';

/** /150 'Anwesenheiten': slot cards, QR scan, add slot; ?s= opens a slot, ?sa= / ?saa= checks in. */
export function AttendancePage() {
  useDismissibleOfflineBanner();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const query = useAttendance();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveAttendance();
  const [editing, setEditing] = useState<SlotInput | null>(null);
  const [deleting, setDeleting] = useState<SlotView | null>(null);
  const [overviewId, setOverview] = useState<number | null>(null);
  const [infoId, setInfo] = useState<number | null>(null);
  const [isScanning, setScanning] = useState(false);
  const data: AttendanceData | undefined = query.data;
  const slotId = slotIdOf(params.get('s'));
  const slotById = (id: number | null) => (id === null ? undefined : data?.slots.find((slot) => slot.id === id));
  const openSlot = slotById(slotId);
  const overview = slotById(overviewId);
  const info = slotById(infoId);

  // The module reloads its data on every route change within it (school.md 2.1); the first load is the query's own.
  const location = useLocation();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) void queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
  }, [location.key, queryClient]);

  const checkIn = useCallback(
    async (value: string) => {
      try {
        const reply = await checkInByQr(value);
        if (reply.errorQRcode) alert.error(reply.message);
        else alert.success(`${reply.message} (${reply.slotname})`);
        await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
      } catch (error) {
        alert.error(saveErrorMessage(error, attendanceMessages.scanFailed));
      }
    },
    [alert, queryClient],
  );

  // Check-in by opening the address of a QR code (/150?sa=… or /150?saa=…), once per address.
  const checkInValue = checkInValueOf(params);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (checkInValue === null || handled.current === checkInValue) return;
    handled.current = checkInValue;
    void checkIn(checkInValue).then(() => navigate('/150', { replace: true }));
  }, [checkInValue, checkIn, navigate]);

  const onScanned = useCallback(
    (text: string) => {
      setScanning(false);
      const address = appAddressOf(settings.data?.app_url ?? '', window.location.origin);
      const scanned = parseCheckInScan(text, address);
      if (scanned.kind !== 'ok') alert.error(attendanceMessages.qrInvalid);
      else void checkIn(scanned.value);
    },
    [settings.data?.app_url, alert, checkIn],
  );

  const newSlot = () => {
    if (!data) return;
    setEditing({
      id: 0,
      sort: String(new Date().getFullYear()),
      name: '',
      bedingungen: { f150: data.settings.standardbedingungen.f150 },
    });
  };

  const onAction = (slot: SlotView, action: SlotAction) => {
    switch (action) {
      case 'open':
        void navigate(`/150?s=${slot.id}`);
        break;
      case 'overview':
        setOverview(slot.id);
        break;
      case 'info':
        setInfo(slot.id);
        break;
      case 'edit':
        setEditing({ id: slot.id, sort: slot.sort, name: slot.name, bedingungen: slot.bedingungen });
        break;
      case 'delete':
        setDeleting(slot);
        break;
      case 'qr':
        void saveAction(() => downloadQrPdf('slots', slot.id), { failure: messages.downloadCreateFailed });
        break;
    }
  };

  const deleteSlot = async (slot: SlotView) => {
    setDeleting(null);
    await saveAction(() => save({ type: 'delslot', data: { id: slot.id } }), {
      success: attendanceMessages.slotDeleted,
      failure: attendanceMessages.saveFailed,
    });
  };

  return (
    <PageContainer>
      {query.isFetching && <LinearProgress aria-label="Wird geladen…" sx={{ mb: 1 }} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)}>
          QR-Code scannen
        </Button>
        {data?.darfSlotsAnlegen && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={newSlot}>
            Slot hinzufügen
          </Button>
        )}
      </Box>
      {data && data.slots.length === 0 && <Typography color="text.secondary">{attendanceMessages.noSlots}</Typography>}
      {!data && query.isError && <Typography color="text.secondary">{attendanceMessages.loadFailed}</Typography>}
      <Grid container spacing={2}>
        {data?.slots.map((slot) => (
          <Grid key={slot.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <SlotCard slot={slot} onAction={(action) => onAction(slot, action)} />
          </Grid>
        ))}
      </Grid>
      {openSlot && <PollsDialog slot={openSlot} onClose={() => void navigate('/150')} />}
      {editing && (
        <SlotEditDialog
          initial={editing}
          groups={settings.data?.nutzergruppen ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {overview && <OverviewDialog slot={overview} onClose={() => setOverview(null)} />}
      {info && <OpenPollsDialog slot={info} userId={settings.data?.user.id ?? 0} onClose={() => setInfo(null)} />}
      {isScanning && <ScanDialog onClose={() => setScanning(false)} onScanned={onScanned} />}
      <ConfirmDialog
        open={deleting !== null}
        text={deleting ? `Der Slot „${deleting.name}“ und alle seine Anwesenheiten werden gelöscht.` : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void deleteSlot(deleting)}
      />
    </PageContainer>
  );
}
