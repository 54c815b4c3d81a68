import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { membersMessages, type MemberListEntry } from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useMemberList } from '../api/get-member-list';
import { cachedMemberList } from '../logic/member-cache';
import {
  displayValue,
  filterMembers,
  normalizeGroupFilter,
  readGroupFilter,
  readSearch,
  writeGroupFilter,
  writeSearch,
  type GroupFilter,
} from '../logic/member-filter';

const ALL = 'alle';
const NONE = 'keine';

/** The member list: search and group filter (remembered on the device) and the table. */
export function MemberList() {
  const settings = useSettings();
  const query = useMemberList();
  const navigate = useNavigate();
  const [cached] = useState(cachedMemberList);
  const [search, setSearch] = useState(readSearch);
  const [storedGroups, setStoredGroups] = useState<GroupFilter>(readGroupFilter);

  const list = query.data ?? cached;
  const groups = useMemo(() => settings.data?.nutzergruppen ?? [], [settings.data]);
  const groupIds = useMemo(() => groups.map((group) => group.id), [groups]);
  const chosenGroups = normalizeGroupFilter(storedGroups, groupIds);
  const spalten = useMemo(() => [...(list?.spalten ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id), [list]);
  const rows = useMemo(
    () => filterMembers(list?.nutzer ?? [], spalten, search, chosenGroups),
    [list, spalten, search, chosenGroups],
  );

  if (!list && query.isPending) return <PageLoading />;

  const changeSearch = (value: string) => {
    setSearch(value);
    writeSearch(value);
  };
  const changeGroups = (next: GroupFilter) => {
    setStoredGroups(next);
    writeGroupFilter(next, groupIds);
  };
  const groupFilterValue = chosenGroups === null ? groupIds : [...chosenGroups];
  const changeGroupFilter = (value: (number | string)[]) => {
    if (value.includes(ALL)) changeGroups(null);
    else if (value.includes(NONE)) changeGroups(new Set());
    else {
      const ids = value.filter((item): item is number => typeof item === 'number');
      changeGroups(ids.length === groupIds.length ? null : new Set(ids));
    }
  };

  const columns: DataTableColumn<MemberListEntry>[] = [
    { key: 'ident', label: 'Name', render: (member) => member.ident },
    ...spalten.map((parameter) => ({
      key: `p${parameter.id}`,
      label: parameter.name,
      render: (member: MemberListEntry) => displayValue(parameter, member),
    })),
  ];

  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          label="Suche"
          value={search}
          onChange={(event) => changeSearch(event.target.value)}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          label="Gruppen"
          size="small"
          sx={{ minWidth: 220 }}
          value={groupFilterValue}
          onChange={(event) => changeGroupFilter(event.target.value as unknown as (number | string)[])}
          slotProps={{
            select: {
              multiple: true,
              renderValue: () =>
                chosenGroups === null
                  ? 'Alle Gruppen'
                  : chosenGroups.size === 0
                    ? 'Keine Gruppe'
                    : groups
                        .filter((group) => chosenGroups.has(group.id))
                        .map((group) => group.name)
                        .join(', '),
            },
          }}
        >
          <MenuItem value={ALL}>
            <ListItemText primary="Alle" />
          </MenuItem>
          <MenuItem value={NONE}>
            <ListItemText primary="Keine" />
          </MenuItem>
          <Divider />
          {groups.map((group) => (
            <MenuItem key={group.id} value={group.id}>
              <Checkbox size="small" checked={groupFilterValue.includes(group.id)} />
              <ListItemText primary={group.name} />
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <DataTable
        aria-label="Mitglieder"
        rows={rows}
        columns={columns}
        rowKey={(member) => member.id}
        emptyText={membersMessages.empty}
        paginated={false}
        mobileBreakpoint={600}
        onRowClick={(member) => void navigate(`/100?u=${member.id}`)}
      />
    </PageContainer>
  );
}
