import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  dashboardMessages,
  parseGroupList,
  type DashboardSettings,
  type DashboardSettingsReply,
} from '@hortus/contract';
import { useSettings } from '../../../platform/api/get-settings';
import { ConditionEditor } from '../../../platform/conditions/condition-editor';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { PageContainer } from '../../../platform/layout/page-container';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { useDashboard, useSaveDashboardSettings } from '../api/dashboard';
import { moveWidget, settingsOf, widgetOrder } from '../logic/settings-form';

/** /000-set: choose and order widgets, who sees each, who creates messages and the default recipients. */
export function DashboardSettingsPage() {
  const query = useDashboard();
  if (!query.data) return <PageContainer>{query.isError ? null : <PageLoading />}</PageContainer>;
  return <SettingsForm key={query.dataUpdatedAt} saved={query.data.settings} />;
}

function SettingsForm({ saved }: { saved: DashboardSettingsReply }) {
  const groups = useSettings().data?.nutzergruppen ?? [];
  const [draft, setDraft] = useState<DashboardSettings>(() => settingsOf(saved));
  const saving = useSaving();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveDashboardSettings();
  const changed = JSON.stringify(draft) !== JSON.stringify(settingsOf(saved));
  const order = widgetOrder(saved.allWidgets, draft.useWidgets);
  const standard = parseGroupList(draft.w1_standardEmpfaenger);

  const submit = async () => {
    if (!changed) return;
    await saveAction(() => save(draft), {
      success: dashboardMessages.settingsSaved,
      failure: dashboardMessages.saveFailed,
    });
  };

  return (
    <PageContainer>
      <Paper sx={{ maxWidth: 900, mx: 'auto', p: 3 }}>
        <SubmitForm onSubmit={submit}>
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
                          setDraft({
                            ...draft,
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
                    onClick={() => setDraft({ ...draft, useWidgets: moveWidget(draft.useWidgets, widget.id, -1) })}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    aria-label={`${widget.name} nach unten`}
                    disabled={!used}
                    onClick={() => setDraft({ ...draft, useWidgets: moveWidget(draft.useWidgets, widget.id, 1) })}
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
                        setDraft({
                          ...draft,
                          bedingung_f000_sehen: { ...draft.bedingung_f000_sehen, [widget.id]: value },
                        })
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
            onChange={(value) => setDraft({ ...draft, w1_bedingung_meldungErstellen: value })}
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
                      setDraft({ ...draft, w1_standardEmpfaenger: next.sort((a, b) => a - b).join('-') });
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={!changed || saving.isSaving}>
              Speichern
            </Button>
          </Box>
        </SubmitForm>
      </Paper>
    </PageContainer>
  );
}
