import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useQueryClient } from '@tanstack/react-query';
import {
  payrollMessages,
  payrollMonthNames,
  type EmployeeView,
  type PayrollModuleData,
  type YearMonth,
} from '@hortus/contract';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import { useDialogHistory } from '../../../platform/forms/use-dialog-history';
import { payrollKeys, usePayroll } from '../api/payroll';
import { PayrollEditor } from './payroll-editor';

/** ?la_idm=: the fullscreen payroll of one employee and month (business.md 2.4, 4.4). */
export function PayrollDialog({
  employee,
  settings,
  onClose,
}: {
  employee: EmployeeView;
  settings: PayrollModuleData['settings'];
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [month, setMonth] = useState<YearMonth | undefined>(undefined);
  const [isDirty, setDirty] = useState(false);
  const query = usePayroll(employee.id, month?.jahr, month?.monat);
  const { requestClose, confirmDialog } = useDiscardGuard(isDirty, onClose);
  useDialogHistory(requestClose);

  // The server chose the default month: pin it, so a save does not move the dialog to the next month.
  useEffect(() => {
    if (month === undefined && query.data) {
      const { jahr, monat } = query.data.abrechnung;
      queryClient.setQueryData(payrollKeys.payroll(employee.id, jahr, monat), query.data);
      setMonth({ jahr, monat });
    }
  }, [month, query.data, queryClient, employee.id]);

  const shown =
    month ?? (query.data ? { jahr: query.data.abrechnung.jahr, monat: query.data.abrechnung.monat } : undefined);
  const shownYear = shown?.jahr;
  const years = useMemo(() => {
    const now = new Date().getFullYear();
    const set = new Set<number>([now - 2, now - 1, now, now + 1, ...employee.lohnabrechnungen.map((p) => p.jahr)]);
    if (shownYear !== undefined) set.add(shownYear);
    return [...set].sort((a, b) => a - b);
  }, [employee.lohnabrechnungen, shownYear]);
  const saved = (m: number, y: number) => employee.lohnabrechnungen.some((p) => p.jahr === y && p.monat === m);
  const choose = (next: YearMonth) => {
    setDirty(false);
    setMonth(next);
  };

  return (
    <Dialog open fullScreen onClose={requestClose} aria-labelledby="payroll-title">
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <IconButton edge="start" color="inherit" aria-label="Schließen" onClick={requestClose}>
            <CloseIcon />
          </IconButton>
          <Typography id="payroll-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Abrechnung {employee.vorname} {employee.nachname}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ mb: 2 }}>
          <TextField
            select
            label="Monat"
            size="small"
            value={shown?.monat ?? ''}
            onChange={(e) => shown && choose({ jahr: shown.jahr, monat: Number(e.target.value) })}
            sx={{ minWidth: 160 }}
            disabled={!shown}
            slotProps={{ select: { renderValue: (value) => payrollMonthNames[Number(value) - 1] ?? '' } }}
          >
            {payrollMonthNames.map((name, index) => (
              <MenuItem key={name} value={index + 1}>
                {name}
                {shown && saved(index + 1, shown.jahr) && (
                  <Box component="span" aria-hidden sx={{ ml: 1, color: 'success.main' }} title="gespeichert">
                    ✓
                  </Box>
                )}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Jahr"
            size="small"
            value={shown?.jahr ?? ''}
            onChange={(e) => shown && choose({ jahr: Number(e.target.value), monat: shown.monat })}
            disabled={!shown}
          >
            {years.map((year) => (
              <MenuItem key={year} value={year}>
                {year}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {query.isFetching && <LinearProgress aria-label="Wird geladen…" sx={{ mb: 1 }} />}
        {!query.data && query.isPending && <Typography color="text.secondary">{payrollMessages.loading}</Typography>}
        {!query.data && query.isError && <Alert severity="error">{payrollMessages.saveFailed}</Alert>}
        {query.data && month && (
          <PayrollEditor
            key={`${query.data.abrechnung.jahr}-${query.data.abrechnung.monat}-${query.data.abrechnung.id}-${query.data.abrechnung.timeLastEdit}`}
            reply={query.data}
            employee={employee}
            settings={settings}
            onDirtyChange={setDirty}
            onDeleted={onClose}
          />
        )}
      </Box>
      {confirmDialog}
    </Dialog>
  );
}
