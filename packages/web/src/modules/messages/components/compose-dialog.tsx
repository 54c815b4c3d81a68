import Autocomplete from '@mui/material/Autocomplete';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import {
  MESSAGE_TEXT_MAX,
  messagesMessages,
  sendInput,
  type MessagesData,
  type SendInput,
  type UploadedAttachment,
} from '@hortus/contract/modules/messages';
import { NetworkError } from '../../../platform/api/errors';
import { useAlert } from '../../../platform/alert/alert-context';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormDateField } from '../../../platform/forms/form-date-fields';
import { FormCheckbox, FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { saveMessages } from '../api/messages';
import { enqueueMessage, newClientId, readOutbox, writeOutbox } from '../logic/outbox';
import { AttachmentPicker } from './attachments';

interface Option {
  kind: 'klassen' | 'gruppen' | 'nutzer';
  id: number;
  name: string;
  group: string;
}

function optionsOf(data: MessagesData): Option[] {
  return [
    ...data.kontakte.klassen.map((k) => ({
      kind: 'klassen' as const,
      id: k.id,
      name: `Eltern der Klasse ${k.name}`,
      group: 'Klassen',
    })),
    ...data.kontakte.gruppen.map((g) => ({ kind: 'gruppen' as const, id: g.id, name: g.name, group: 'Gruppen' })),
    ...data.kontakte.nutzer.map((n) => ({ kind: 'nutzer' as const, id: n.id, name: n.name, group: n.rolle })),
  ];
}

/** The recipient picker: classes, groups and people the caller may write to, in one searchable field. */
function RecipientField({ control, options }: { control: Control<SendInput>; options: Option[] }) {
  const { field, fieldState } = useController({ control, name: 'empfaenger' });
  const value = field.value ?? { nutzer: [], gruppen: [], klassen: [] };
  const chosen = options.filter((option) => (value[option.kind] ?? []).some((id) => Number(id) === option.id));
  return (
    <Autocomplete
      multiple
      options={options}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      value={chosen}
      onChange={(_, list) =>
        field.onChange({
          nutzer: list.filter((o) => o.kind === 'nutzer').map((o) => o.id),
          gruppen: list.filter((o) => o.kind === 'gruppen').map((o) => o.id),
          klassen: list.filter((o) => o.kind === 'klassen').map((o) => o.id),
        })
      }
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label="An"
          required
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? fieldState.error?.root?.message}
        />
      )}
    />
  );
}

/** The attachments of the new message: uploaded at once, their ids in the form's `anhaenge`. */
function AttachmentsField({ control }: { control: Control<SendInput> }) {
  const { field, fieldState } = useController({ control, name: 'anhaenge' });
  const [files, setFiles] = useState<UploadedAttachment[]>([]);
  return (
    <>
      <AttachmentPicker
        value={files}
        onChange={(next) => {
          setFiles(next);
          field.onChange(next.map((file) => file.id));
        }}
      />
      {fieldState.error && (
        <FormHelperText error role="alert">
          {fieldState.error.message ?? fieldState.error.root?.message}
        </FormHelperText>
      )}
    </>
  );
}

/**
 * A new message or broadcast: recipients, subject, text, attachments, 'Bestätigung erforderlich' with an optional
 * deadline.
 */
export function ComposeDialog({
  data,
  onClose,
  onSent,
}: {
  data: MessagesData;
  onClose(): void;
  onSent(conversationId: number): void;
}) {
  const alert = useAlert();
  const form = useSchemaForm(sendInput, {
    empfaenger: { nutzer: [], gruppen: [], klassen: [] },
    betreff: '',
    text: '',
    bestaetigungErforderlich: false,
    frist: '',
    anhaenge: [],
  });
  const confirmation = useWatch({ control: form.control, name: 'bestaetigungErforderlich' });
  const options = optionsOf(data);
  return (
    <FormDialog
      form={form}
      title="Neue Nachricht"
      submitLabel="Senden"
      texts={{ failure: messagesMessages.sendFailed }}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = { ...values, id_konversation: 0, kennung: newClientId() };
        try {
          const reply = await saveMessages({ type: 'sendNachricht', data: body });
          alert.success(messagesMessages.sent);
          onSent(reply.id_konversation ?? 0);
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          writeOutbox(enqueueMessage(readOutbox(), { titel: values.betreff || 'Neue Nachricht', send: body }));
          alert.show(messagesMessages.queued, 'info');
          onSent(0);
        }
      }}
    >
      <Stack spacing={2}>
        <RecipientField control={form.control} options={options} />
        <FormTextField control={form.control} name="betreff" label="Betreff" />
        <FormTextField
          control={form.control}
          name="text"
          label="Nachricht"
          required
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
        />
        <AttachmentsField control={form.control} />
        {data.rundschreiben && (
          <FormCheckbox
            control={form.control}
            name="bestaetigungErforderlich"
            label="Bestätigung erforderlich"
            variant="switch"
          />
        )}
        {confirmation && <FormDateField control={form.control} name="frist" label="Frist (optional)" />}
      </Stack>
    </FormDialog>
  );
}
