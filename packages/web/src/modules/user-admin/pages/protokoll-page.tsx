import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  PROTOKOLL_LOGIN_MODULE,
  PROTOKOLL_PAGE_DEFAULT,
  PROTOKOLL_PAGE_MAX,
  hasRight,
  moduleRegistry,
  protokollCsv,
  protokollMessages,
  type ProtokollEntry,
  todayIsoDay,
} from '@hortus/contract';
import { userAdminRights } from '@hortus/contract/modules/user-admin';
import { useSettings } from '../../../platform/api/get-settings';
import { Notice } from '../../../platform/feedback/notice';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { DeferredDateInput } from '../../../platform/forms/deferred-date-input';
import { PageContainer } from '../../../platform/layout/page-container';
import { SearchField } from '../../../platform/filters/search-field';
import { ProtokollTable } from '../../../platform/protokoll/protokoll-table';
import { getProtokoll, useProtokoll, type ProtokollQuery } from '../api/get-protokoll';
import { usersQueryOptions } from '../api/get-users';

/** Entries the CSV export takes at most (pages of PROTOKOLL_PAGE_MAX). */
const EXPORT_MAX = 50_000;

/** A text filter applied a moment after typing stops (not one call per key). */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function saveCsv(entries: readonly ProtokollEntry[]): void {
  const blob = new Blob(['\uFEFF', protokollCsv(entries)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `Protokoll-${todayIsoDay()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Tab 030 Protokoll: who changed what when, filtered by time span, user, module, record and text; CSV export. */
export function ProtokollPage() {
  const settings = useSettings();
  const mayListUsers = hasRight(settings.data?.user.rechte ?? [], userAdminRights.list);
  // The user filter lists the users for those who may see them (x|005|000); others filter by the other fields.
  const users = useQuery({ ...usersQueryOptions(), enabled: mayListUsers });
  const [von, setVon] = useState('');
  const [bis, setBis] = useState('');
  const [nutzer, setNutzer] = useState(0);
  const [modul, setModul] = useState('');
  const [objektText, setObjekt] = useState('');
  const [sucheText, setSuche] = useState('');
  const [seite, setSeite] = useState(0);
  const [proSeite, setProSeite] = useState(PROTOKOLL_PAGE_DEFAULT);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const objekt = useSettled(objektText);
  const suche = useSettled(sucheText);
  const filter: ProtokollQuery = { von, bis, nutzer, modul, objekt, suche };
  const page = useProtokoll({ ...filter, seite, proSeite });
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSeite(0);
    };

  async function exportCsv() {
    setExporting(true);
    setExportFailed(false);
    try {
      const entries: ProtokollEntry[] = [];
      for (let next = 0; entries.length < EXPORT_MAX; next++) {
        const reply = await getProtokoll({ ...filter, seite: next, proSeite: PROTOKOLL_PAGE_MAX });
        entries.push(...reply.eintraege);
        if (reply.eintraege.length < PROTOKOLL_PAGE_MAX) break;
      }
      saveCsv(entries);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  if (page.isPending) return <PageLoading />;
  const userOptions =
    mayListUsers && users.data ? [...users.data].sort((a, b) => a.ident.localeCompare(b.ident, 'de')) : [];
  return (
    <PageContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', my: 2, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {protokollMessages.title}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={exporting}>
          {protokollMessages.export}
        </Button>
      </Box>
      {(page.isError || exportFailed) && <Notice severity="error">{protokollMessages.loadFailed}</Notice>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Box sx={{ width: 170 }}>
          <DeferredDateInput label="Von" value={von} onChange={change(setVon)} />
        </Box>
        <Box sx={{ width: 170 }}>
          <DeferredDateInput label="Bis" value={bis} onChange={change(setBis)} />
        </Box>
        {userOptions.length > 0 && (
          <TextField
            select
            size="small"
            label="Benutzer"
            value={nutzer}
            onChange={(event) => change(setNutzer)(Number(event.target.value))}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value={0}>Alle</MenuItem>
            {userOptions.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.ident || user.nn}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label="Modul"
          value={modul}
          onChange={(event) => change(setModul)(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">Alle</MenuItem>
          <MenuItem value={PROTOKOLL_LOGIN_MODULE}>{protokollMessages.loginModule}</MenuItem>
          {moduleRegistry.map((module) => (
            <MenuItem key={module.code} value={module.code}>
              {module.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Datensatz"
          placeholder="z. B. Kind 12"
          value={objektText}
          onChange={(event) => change(setObjekt)(event.target.value)}
        />
        <SearchField value={sucheText} onChange={change(setSuche)} />
      </Box>
      <ProtokollTable
        eintraege={page.data?.eintraege ?? []}
        anzahl={page.data?.anzahl ?? 0}
        seite={seite}
        proSeite={proSeite}
        onSeite={setSeite}
        onProSeite={change(setProSeite)}
      />
    </PageContainer>
  );
}
