import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import { membersMessages, type MemberListEntry } from '@hortus/contract/modules/members';
import { useSettings } from '../../../platform/api/get-settings';
import { DataTable, type DataTableColumn } from '../../../platform/data-table/data-table';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { GroupFilter } from '../../../platform/filters/group-filter';
import { SearchField } from '../../../platform/filters/search-field';
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
  type GroupFilter as GroupChoice,
} from '../logic/member-filter';

/** The member list: search and group filter (remembered on the device) and the table. */
export function MemberList() {
  const settings = useSettings();
  const query = useMemberList();
  const navigate = useNavigate();
  const [cached] = useState(cachedMemberList);
  const [search, setSearch] = useState(readSearch);
  const [storedGroups, setStoredGroups] = useState<GroupChoice>(readGroupFilter);

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
  const changeGroups = (next: GroupChoice) => {
    setStoredGroups(next);
    writeGroupFilter(next, groupIds);
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
        <SearchField value={search} onChange={changeSearch} />
        <GroupFilter groups={groups} value={chosenGroups} onChange={changeGroups} />
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
