import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { formatGermanDate, messages } from '@hortus/contract';
import {
  EXCEPTION_COMMENT_MAX,
  childrenCalls,
  childrenMessages,
  type ChildView,
} from '@hortus/contract/modules/children';
import { uploadRule } from '../../../../platform/api/upload';
import { FilePickerButton } from '../../../../platform/forms/file-picker-button';
import { FormDateField, FormTimeField } from '../../../../platform/forms/form-date-fields';
import { FormFieldArray } from '../../../../platform/forms/form-field-array';
import { FormCheckbox, FormTextField } from '../../../../platform/forms/form-fields';
import { useSaveAction } from '../../../../platform/saving/use-save-action';
import { childrenKeys, deleteAttachment, uploadAttachment } from '../../api/children';
import type { ChildForm } from './child-form-type';
import { StoredFileLink } from './stored-file-link';

/** 'Ausnahmen': the parents' exceptions (read only) and the staff's one-off exceptions with attachments. */
export function ExceptionsTab({
  form,
  child,
  today,
  disabled,
}: {
  form: ChildForm;
  child: ChildView | null;
  today: string;
  disabled: boolean;
}) {
  const { control } = form;
  const rows = useWatch({ control, name: 'ausnahmen' }) ?? [];
  const standard = useWatch({ control, name: 'kind.standardentlasszeit' });
  const released = child?.anwesenheitsstatus === 2;
  const parentExceptions = child?.ausnahmen.filter((a) => a.elternErstellt) ?? [];
  return (
    <Stack spacing={2}>
      {parentExceptions.map((a) => (
        <Alert key={a.id} severity="error" data-testid="parent-exception">
          {formatGermanDate(a.tag)}: {a.anwesend ? `Entlassung um ${a.entlasszeit} Uhr` : 'Abwesend'}
          {a.kommentar ? ` – ${a.kommentar}` : ''} (von Eltern am {a.elternErstellt_tag} um {a.elternErstellt_zeit} Uhr)
        </Alert>
      ))}
      <FormFieldArray
        control={control}
        name="ausnahmen"
        title="Ausnahmen"
        addLabel="Ausnahme"
        removeLabel="Ausnahme entfernen"
        emptyText={childrenMessages.noExceptions}
        disabled={disabled}
        newItem={() => ({
          id: 0,
          tag: today,
          anwesend: false,
          entlasszeit: standard,
          kommentar: childrenMessages.defaultExceptionComment,
        })}
        renderItem={(path, index) => {
          const row = rows[index];
          return (
            <>
              <FormDateField
                control={control}
                name={`${path}.tag`}
                label="Tag"
                helperText={
                  released && row?.tag === today && !row.id ? childrenMessages.releasedNoException : undefined
                }
              />
              <FormCheckbox control={control} name={`${path}.anwesend`} label="anwesend" variant="switch" />
              <FormTimeField control={control} name={`${path}.entlasszeit`} label="Entlasszeit" />
              <FormTextField
                control={control}
                name={`${path}.kommentar`}
                label="Grund"
                slotProps={{ htmlInput: { maxLength: EXCEPTION_COMMENT_MAX } }}
              />
            </>
          );
        }}
        renderAfter={(_, index) => {
          const id = rows[index]?.id;
          return typeof id === 'number' && id !== 0 ? (
            <ExceptionAttachments
              exceptionId={id}
              initial={child?.ausnahmen.find((x) => x.id === id)?.anhaenge ?? []}
              disabled={disabled}
            />
          ) : null;
        }}
      />
    </Stack>
  );
}

/** Attachments of a saved staff exception (PDF or images): view, upload, delete right away. */
function ExceptionAttachments({
  exceptionId,
  initial,
  disabled,
}: {
  exceptionId: number;
  initial: { pfad: string; name: string }[];
  disabled: boolean;
}) {
  const saveAction = useSaveAction();
  const queryClient = useQueryClient();
  const [attachments, setAttachments] = useState(initial);
  const refresh = () => queryClient.invalidateQueries({ queryKey: childrenKeys.all });
  const add = async (file: File) => {
    const added = await saveAction(() => uploadAttachment(exceptionId, file), {
      success: messages.dataSaved,
      failure: childrenMessages.saveFailed,
    });
    if (added) {
      setAttachments([...attachments, added]);
      void refresh();
    }
  };
  const remove = async (pfad: string) => {
    const done = await saveAction(() => deleteAttachment(exceptionId, pfad).then(() => true), {
      failure: childrenMessages.saveFailed,
    });
    if (done) {
      setAttachments(attachments.filter((a) => a.pfad !== pfad));
      void refresh();
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="exception-attachments"
    >
      {attachments.map((attachment) => (
        <StoredFileLink
          key={attachment.pfad}
          file={attachment}
          onRemove={disabled ? undefined : () => void remove(attachment.pfad)}
        />
      ))}
      {!disabled && (
        <FilePickerButton
          label="Anhang"
          size="small"
          startIcon={<AddIcon />}
          rule={uploadRule(childrenCalls.uploadAnhang, 'file')}
          onFiles={([file]) => file && void add(file)}
        />
      )}
    </Stack>
  );
}
