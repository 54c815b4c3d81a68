import {
  childrenMessages,
  healthInput,
  permissionInput,
  type AloneRuleView,
  type HealthInput,
  type HealthNotes,
} from '@hortus/contract/modules/children';
import { FormTimeField } from '../../../platform/forms/form-date-fields';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormCheckbox } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { FormWeekdayCheckboxes } from '../../../platform/forms/weekday-checkboxes';
import { useSaveChildren } from '../api/children';
import { HealthNotesFields } from './health-notes-fields';

/**
 * 'Hortkarte erfassen' (issue 44): staff record a signed paper permission to go home alone — allowed or not,
 * the weekdays, from what time — on the contract's schema (a missing weekday, a time like 25:00 show their
 * German message on the field); recorded as a new version marked as paper.
 */
export function PaperPermissionDialog({
  childId,
  rule,
  onClose,
}: {
  childId: number;
  rule: AloneRuleView;
  onClose(): void;
}) {
  const form = useSchemaForm(permissionInput, {
    id_kind: childId,
    alleinNachHause: {
      erlaubt: rule.erlaubt,
      wochentage: rule.erlaubt ? rule.wochentage : [1, 2, 3, 4, 5],
      abZeit: rule.abZeit,
    },
  });
  const { mutateAsync: save } = useSaveChildren();
  const allowed = form.watch('alleinNachHause.erlaubt');
  return (
    <FormDialog
      form={form}
      title="Hortkarte (Papierformular) erfassen"
      onSubmit={({ id_kind, alleinNachHause }) =>
        save({
          type: 'erlaubnis',
          data: {
            id_kind,
            alleinNachHause: alleinNachHause.erlaubt ? alleinNachHause : { erlaubt: false, wochentage: [], abZeit: '' },
          },
        })
      }
      onClose={onClose}
      texts={{ success: 'Papierformular erfasst.', failure: childrenMessages.saveFailed }}
      submitLabel="Erfassen"
      width={560}
      testId="paper-permission-dialog"
    >
      <FormCheckbox
        control={form.control}
        name="alleinNachHause.erlaubt"
        variant="switch"
        label="Unterschriebenes Formular: darf allein nach Hause gehen"
      />
      {allowed && (
        <>
          <FormWeekdayCheckboxes control={form.control} name="alleinNachHause.wochentage" />
          <FormTimeField control={form.control} name="alleinNachHause.abZeit" label="Ab (Uhrzeit)" />
        </>
      )}
    </FormDialog>
  );
}

/** 'Gesundheitsangaben bearbeiten' (issue 44): staff change a child's health notes (200 gesundheit). */
export function HealthNotesDialog({
  childId,
  notes,
  onClose,
}: {
  childId: number;
  notes: HealthNotes;
  onClose(): void;
}) {
  const form = useSchemaForm(healthInput, { id_kind: childId, ...notes } satisfies HealthInput);
  const { mutateAsync: save } = useSaveChildren();
  return (
    <FormDialog
      form={form}
      title="Gesundheitsangaben"
      onSubmit={(data) => save({ type: 'gesundheit', data })}
      onClose={onClose}
      texts={{ success: 'Gesundheitsangaben gespeichert.', failure: childrenMessages.saveFailed }}
      width={640}
      testId="health-notes-dialog"
    >
      <HealthNotesFields form={form} />
    </FormDialog>
  );
}
