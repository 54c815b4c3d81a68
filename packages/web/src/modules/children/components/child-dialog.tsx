import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasRight, messages } from '@hortus/contract';
import {
  childrenMessages,
  childrenRights,
  editChildInput,
  type ChildView,
  type ChildrenData,
} from '@hortus/contract/modules/children';
import { useSettings } from '../../../platform/api/get-settings';
import { DialogShell } from '../../../platform/forms/dialog-shell';
import { FormDialog, type FormDialogTab } from '../../../platform/forms/form-dialog';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useChildDetails, useSaveChildren } from '../api/children';
import { childFormValues, childTabFields } from '../logic/child-form';
import { ChildTab } from './child-tabs/child-tab';
import { DiaryTab } from './child-tabs/diary-tab';
import { DocumentsTab } from './child-tabs/documents-tab';
import { ExceptionsTab } from './child-tabs/exceptions-tab';
import { FamilyTab } from './child-tabs/family-tab';
import { PickupTab } from './child-tabs/pickup-tab';
import { HistoryTab } from './child-tabs/history-tab';
import { CareTab } from './child-tabs/care-tab';
import { TodayTab } from './child-tabs/today-tab';
import { IdCardPanel } from './id-card-panel';

export interface ChildDialogProps {
  /** null: a new child. */
  child: ChildView | null;
  data: ChildrenData;
  onClose(): void;
}

/**
 * Edit-child dialog (school.md 2.4): child, exceptions, family, pickup persons, today, diary, documents. The list
 * load carries no details, so an existing child's details are loaded (getKind) when the dialog opens.
 */
export function ChildDialog({ child, data, onClose }: ChildDialogProps) {
  const details = useChildDetails(child?.id ?? null);
  if (!child) return <ChildForm child={null} data={data} onClose={onClose} />;
  if (details.data) return <ChildForm child={details.data} data={data} onClose={onClose} />;
  return (
    <DialogShell title={child.nameVollst} onClose={onClose}>
      {details.isError ? (
        <Alert severity="error">{childrenMessages.detailsFailed}</Alert>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="child-details-loading">
          <CircularProgress size={24} />
          <Typography>Lädt …</Typography>
        </Stack>
      )}
    </DialogShell>
  );
}

/** The child's form: one FormDialog, one component per tab; the last three tabs save on their own. */
function ChildForm({ child, data, onClose }: ChildDialogProps) {
  const rights = useSettings().data?.user.rechte ?? [];
  const initial = useMemo(() => childFormValues(child, data), [child, data]);
  const form = useSchemaForm(editChildInput, initial);
  const { mutateAsync: save } = useSaveChildren();
  const allowEdit = child ? child.allowEdit : true;
  const today = data.heute;

  const tabs: FormDialogTab[] = [
    { label: 'Kind', fields: childTabFields.kind, content: <ChildTab form={form} data={data} /> },
    {
      label: 'Ausnahmen',
      fields: childTabFields.ausnahmen,
      content: <ExceptionsTab form={form} child={child} today={today} disabled={!allowEdit} />,
    },
    {
      label: 'Familie',
      fields: childTabFields.familie,
      content: <FamilyTab form={form} data={data} mayLinkParents={hasRight(rights, childrenRights.parents)} />,
    },
    { label: 'Abholberechtigte', fields: childTabFields.abholberechtigte, content: <PickupTab form={form} /> },
    ...(child
      ? [
          // school.md 2.4's 'attendance today': read here, changed in the list or the check-in screen.
          { label: 'Heute', content: <TodayTab child={child} />, own: true },
          // These tabs save on their own and keep their downloads usable for readers.
          {
            label: 'Abholung & Gesundheit',
            content: <CareTab child={child} data={data} disabled={!allowEdit} />,
            own: true,
          },
          { label: 'Tagebuch', content: <DiaryTab child={child} today={today} disabled={!allowEdit} />, own: true },
          { label: 'Dokumente', content: <DocumentsTab child={child} disabled={!allowEdit} />, own: true },
          { label: 'Ausweis', content: <IdCardPanel child={child} disabled={!allowEdit} />, own: true },
          ...(allowEdit ? [{ label: 'Verlauf', content: <HistoryTab child={child} />, own: true }] : []),
        ]
      : []),
  ];

  return (
    <FormDialog
      form={form}
      title={child ? child.nameMitKlasse : 'Neues Kind'}
      onSubmit={(values) =>
        save({ type: 'editKind', data: { ...values, kind: { ...values.kind, version: child?.version } } })
      }
      onClose={onClose}
      texts={{ success: messages.dataSaved, failure: childrenMessages.saveFailed }}
      readOnly={!allowEdit}
      width={1000}
      fullScreenBelow="md"
      tabs={tabs}
      testId="child-dialog"
    />
  );
}
