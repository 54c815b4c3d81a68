import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { hasRight, type UserGroup, type UserParameter } from '@hortus/contract';
import { memberSettings, membersMessages, type MemberSettings } from '@hortus/contract/modules/members';
import { userAdminRights } from '@hortus/contract/modules/user-admin';
import { useSettings } from '../../../platform/api/get-settings';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { useMemberSettings } from '../api/get-member-settings';
import { useSaveMemberSettings } from '../api/save-member-settings';
import { cachedMemberSettings } from '../logic/member-cache';
import { conditionText } from '../logic/settings-rules';
import { TableRegion } from '../../../platform/data-table/table-region';

type SettingsTab = 'general' | 'parameters';

/** /100-010 'Einstellungen': 'Allgemein' (groups shown in the directory) and, with x|005|010, 'Nutzerparameter'. */
export function MemberSettingsPage() {
  const settings = useSettings();
  const [tab, setTab] = useState<SettingsTab>('general');
  const canSeeParameters = hasRight(settings.data?.user.rechte ?? [], userAdminRights.parameters);
  const shown: SettingsTab = canSeeParameters ? tab : 'general';
  const groups = settings.data?.nutzergruppen ?? [];

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto' }}>
        <Tabs
          value={shown}
          onChange={(_event, value: SettingsTab) => setTab(value)}
          aria-label="Mitglieder-Einstellungen"
          variant="scrollable"
        >
          <Tab value="general" label={membersMessages.generalTab} />
          {canSeeParameters && <Tab value="parameters" label={membersMessages.parametersTab} />}
        </Tabs>
        <Box sx={{ p: 3 }}>
          {shown === 'general' ? (
            <GeneralSettings groups={groups} />
          ) : (
            <ParameterOverview groups={groups} parameters={settings.data?.nutzerparameter ?? []} />
          )}
        </Box>
      </Paper>
    </PageContainer>
  );
}

function GeneralSettings({ groups }: { groups: readonly UserGroup[] }) {
  const query = useMemberSettings();
  const [cached] = useState(cachedMemberSettings);
  const saved = query.data ?? cached;
  if (!saved) {
    return query.isError ? (
      <Typography color="text.secondary">{membersMessages.noOfflineData}</Typography>
    ) : (
      <PageLoading />
    );
  }
  return <GeneralSettingsForm groups={groups} saved={saved} />;
}

function GeneralSettingsForm({ groups, saved }: { groups: readonly UserGroup[]; saved: MemberSettings }) {
  const { mutateAsync: save } = useSaveMemberSettings();
  // Sorted, so the order the groups were ticked in is no change.
  const settings = useSettingsForm({
    schema: memberSettings,
    saved: { anzeigeGruppen: [...saved.anzeigeGruppen].sort((a, b) => a - b) },
    save,
    texts: { success: membersMessages.settingsSaved, failure: membersMessages.settingsSaveFailed },
  });
  const chosen = settings.draft.anzeigeGruppen;

  return (
    <SettingsForm settings={settings}>
      <Typography variant="subtitle1" component="h2">
        Im Mitgliederverzeichnis angezeigte Gruppen
      </Typography>
      <FormGroup>
        {groups.map((group) => (
          <FormControlLabel
            key={group.id}
            label={group.name}
            control={
              <Checkbox
                checked={chosen.includes(group.id)}
                onChange={(event) => {
                  const rest = chosen.filter((id) => id !== group.id);
                  const next = event.target.checked ? [...rest, group.id] : rest;
                  settings.update({ anzeigeGruppen: next.sort((a, b) => a - b) });
                }}
              />
            }
          />
        ))}
      </FormGroup>
    </SettingsForm>
  );
}

function ParameterOverview({
  groups,
  parameters,
}: {
  groups: readonly UserGroup[];
  parameters: readonly UserParameter[];
}) {
  const sorted = useMemo(() => [...parameters].sort((a, b) => a.sort - b.sort || a.id - b.id), [parameters]);
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Welche Nutzerparameter im Mitgliederverzeichnis erscheinen und wer sie sehen und bearbeiten darf, wird in der
        Benutzerverwaltung festgelegt.
      </Typography>
      <TableRegion label="Nutzerparameter im Mitgliederverzeichnis">
        <Table size="small" aria-label="Nutzerparameter im Mitgliederverzeichnis">
          <TableHead>
            <TableRow>
              <TableCell>Parameter</TableCell>
              <TableCell>In der Liste</TableCell>
              <TableCell>Sehen</TableCell>
              <TableCell>Bearbeiten</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>Keine Nutzerparameter vorhanden</TableCell>
              </TableRow>
            )}
            {sorted.map((parameter) => (
              <TableRow key={parameter.id}>
                <TableCell>{parameter.name}</TableCell>
                <TableCell>{parameter.f100.seeOnTable ? 'ja' : 'nein'}</TableCell>
                <TableCell>{conditionText(parameter.bedingungen.f100.sehen, groups)}</TableCell>
                <TableCell>{conditionText(parameter.bedingungen.f100.bearbeiten, groups)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button component={RouterLink} to="/005-010" startIcon={<EditIcon />}>
          Nutzerparameter bearbeiten
        </Button>
      </Box>
    </>
  );
}
