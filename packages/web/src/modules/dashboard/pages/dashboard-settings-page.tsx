import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  dashboardMessages,
  dashboardSettings,
  parseGroupList,
  type DashboardSettingsReply,
} from '@hortus/contract/modules/dashboard';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useDashboard, useSaveDashboardSettings } from '../api/dashboard';
import { moveWidget, settingsOf, widgetOrder } from '../logic/settings-form';

/** /000-set: choose and order widgets, who sees each, who creates messages and the default recipients. */
export function DashboardSettingsPage() {
  const query = useDashboard();
  if (!query.data) return <PageContainer>{query.isError ? null : <PageLoading />}</PageContainer>;
  return <DashboardSettingsForm saved={query.data.settings} />;
}

function DashboardSettingsForm({ saved }: { saved: DashboardSettingsReply }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const { mutateAsync: save } = useSaveDashboardSettings();
  const settings = useSettingsForm({
    schema: dashboardSettings,
    saved: settingsOf(saved),
    save,
    texts: { success: dashboardMessages.settingsSaved, failure: dashboardMessages.saveFailed },
  });
  const { draft, update } = settings;
  const order = widgetOrder(saved.allWidgets, draft.useWidgets);
  const standard = parseGroupList(draft.w1_standardEmpfaenger);

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto', p: 3 }}>
        <SettingsForm settings={settings}>
          <Typography variant="h6" component="h2" gutterBottom>
            Widgets
          </Typography>
          {order.map((widget, index) => {
            const used = draft.useWidgets.includes(widget.id);
            return (
              <Box key={widget.id} role="group" aria-label={`Widget ${widget.name}`} sx={{ mb: 2 }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <FormControlLabel
                    label={widget.name}
                    control={
                      <Checkbox
                        checked={used}
                        onChange={(event) =>
                          update({
                            useWidgets: event.target.checked
                              ? [...draft.useWidgets, widget.id]
                              : draft.useWidgets.filter((id) => id !== widget.id),
                          })
                        }
                      />
                    }
                  />
                  <IconButton
                    aria-label={`${widget.name} nach oben`}
                    disabled={!used || index === 0}
                    onClick={() => update({ useWidgets: moveWidget(draft.useWidgets, widget.id, -1) })}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`${widget.name} nach unten`}
                    disabled={!used}
                    onClick={() => update({ useWidgets: moveWidget(draft.useWidgets, widget.id, 1) })}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </Box>
                {used && (
                  <Box sx={{ pl: 4 }}>
                    <ConditionEditor
                      label={`Wer sieht „${widget.name}“?`}
                      value={draft.bedingung_f000_sehen[widget.id] ?? { alle: true, gruppen: [] }}
                      groups={groups}
                      onChange={(value) =>
                        update({ bedingung_f000_sehen: { ...draft.bedingung_f000_sehen, [widget.id]: value } })
                      }
                    />
                  </Box>
                )}
              </Box>
            );
          })}
          <Divider sx={{ my: 2 }} />
          <Typography variant="h6" component="h2" gutterBottom>
            Meldungen
          </Typography>
          <ConditionEditor
            label="Wer darf Meldungen erstellen?"
            value={draft.w1_bedingung_meldungErstellen}
            groups={groups}
            onChange={(value) => update({ w1_bedingung_meldungErstellen: value })}
          />
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Standard-Empfänger
          </Typography>
          <FormGroup row aria-label="Standard-Empfänger">
            {groups.map((group) => (
              <FormControlLabel
                key={group.id}
                label={group.name}
                control={
                  <Checkbox
                    checked={standard.includes(group.id)}
                    onChange={(event) => {
                      const next = event.target.checked
                        ? [...standard, group.id]
                        : standard.filter((id) => id !== group.id);
                      update({ w1_standardEmpfaenger: next.sort((a, b) => a - b).join('-') });
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          {saved.w1_200_Klassen.length > 0 && (
            <TextField
              select
              label="Elterngruppe"
              value={draft.w1_200_Elterngruppe ?? 0}
              onChange={(event) => update({ w1_200_Elterngruppe: Number(event.target.value) })}
              helperText="Meldungen an diese Gruppe lassen sich auf die Eltern einzelner Klassen beschränken."
              sx={{ mt: 2, minWidth: 260 }}
            >
              <MenuItem value={0}>keine</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </SettingsForm>
      </Paper>
    </PageContainer>
  );
}
