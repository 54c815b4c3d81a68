import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  noAloneRule,
  permissionInput,
  releaseMessages,
  weekdayText,
  type AloneRuleView,
  type PermissionInput,
} from '@hortus/contract/modules/children';
import { parentReportsMessages, type ReportChild } from '@hortus/contract/modules/parent-reports';
import { FormCheckbox } from '../../../platform/forms/form-fields';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { SettingsForm, useSettingsForm } from '../../../platform/forms/settings-form';
import { FormWeekdayCheckboxes } from '../../../platform/forms/weekday-checkboxes';
import { useSaveParentReports } from '../api/parent-reports';
import { HealthSection } from './health-proposal';
import { PickupPersons } from './pickup-persons';

/** 'allein ab 14:00 (Mo–Do)', 'nicht allein' — a permission in one line. */
export function aloneRuleText(rule: AloneRuleView): string {
  if (!rule.erlaubt) return 'darf nicht allein nach Hause gehen';
  return `darf allein nach Hause gehen${rule.abZeit ? ` ab ${rule.abZeit} Uhr` : ''} (${weekdayText(rule.wochentage)})`;
}

/** The permission as the form edits it: a child not yet allowed starts with Monday to Friday ticked. */
const draftOf = (childId: number, rule: AloneRuleView): PermissionInput => ({
  id_kind: childId,
  alleinNachHause: {
    erlaubt: rule.erlaubt,
    wochentage: rule.erlaubt ? rule.wochentage : [1, 2, 3, 4, 5],
    abZeit: rule.abZeit,
  },
});

/**
 * One child on the 'Kontakt' tab (issue 44): its permission to go home alone (given here, applies at once;
 * who gave it and when), its pickup persons with their earlier versions, and its health notes as the Hort
 * keeps them (changes are proposed to the Hort). The permission is a
 * form on the contract's schema: a missing weekday or an unreadable time shows its German message on the
 * field, and so does the server's answer.
 */
export function ChildPermissions({ child }: { child: ReportChild }) {
  const saved = child.abholung?.alleinNachHause ?? noAloneRule;
  const { mutateAsync: save } = useSaveParentReports();
  const settings = useSettingsForm({
    schema: permissionInput,
    saved: draftOf(child.id, saved),
    save: ({ id_kind, alleinNachHause }) =>
      save({
        type: 'erlaubnis',
        data: {
          id_kind,
          alleinNachHause: alleinNachHause.erlaubt ? alleinNachHause : { erlaubt: false, wochentage: [], abZeit: '' },
        },
      }),
    texts: { success: releaseMessages.saved, failure: parentReportsMessages.sendFailed },
  });
  const { control } = settings.form;
  return (
    <Paper sx={{ p: 2 }} data-testid={`permissions-${child.id}`}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {child.name}
        </Typography>
        <Typography data-testid={`permission-text-${child.id}`}>
          {aloneRuleText(saved)}
          {saved.von ? ` – ${saved.papier ? 'Papierformular, erfasst von' : 'von'} ${saved.von}, ${saved.am}` : ''}
        </Typography>
        <SettingsForm settings={settings} submitLabel="Erlaubnis speichern">
          <FormCheckbox
            control={control}
            name="alleinNachHause.erlaubt"
            variant="switch"
            label="Darf allein nach Hause gehen"
          />
          {settings.draft.alleinNachHause?.erlaubt && (
            <>
              <FormWeekdayCheckboxes control={control} name="alleinNachHause.wochentage" />
              <FormTimeField control={control} name="alleinNachHause.abZeit" label="Ab (Uhrzeit)" />
            </>
          )}
        </SettingsForm>
        <PickupPersons child={child} />
        <HealthSection child={child} />
      </Stack>
    </Paper>
  );
}
