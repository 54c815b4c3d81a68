import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { membersMessages, type MemberDetail } from '@hortus/contract/modules/members';
import { ApiError } from '../../../platform/api/errors';
import { useSettings } from '../../../platform/api/get-settings';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useDiscardGuard } from '../../../platform/forms/use-discard-guard';
import { useFormSave } from '../../../platform/forms/use-form-save';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { useSaving } from '../../../platform/saving/saving-context';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { FormParameterField } from '../../../platform/user-parameters/form-parameter-field';
import { parameterFieldOf, parameterKey } from '../../../platform/user-parameters/parameter-schema';
import { useMember } from '../api/get-member';
import { useSaveMember } from '../api/save-member';
import { cachedMemberDetail } from '../logic/member-cache';
import { contactHref } from '../logic/contact-link';
import {
  initialMemberForm,
  memberFormSchema,
  memberToSave,
  sortedMemberParameters,
  withGroupId,
} from '../logic/member-form';

/** A member's detail: shown from the device cache first, then from the server's answer. */
export function MemberDetailView({ id }: { id: number }) {
  const navigate = useNavigate();
  const query = useMember(id);
  const [cached] = useState(() => cachedMemberDetail(id));
  const detail = query.data ?? cached;
  // Leaving a changed detail asks 'Änderungen verwerfen?' first.
  const [isDirty, setDirty] = useState(false);
  const { requestClose: back, confirmDialog } = useDiscardGuard(isDirty, () => void navigate('/100?u='));

  let content;
  if (detail) {
    content = (
      <MemberDetailForm key={query.data ? query.dataUpdatedAt : 'cache'} detail={detail} onDirtyChange={setDirty} />
    );
  } else if (query.isError) {
    const answered = query.error instanceof ApiError;
    content = (
      <Typography color={answered ? 'error' : 'text.secondary'} data-testid="member-no-data">
        {answered ? query.error.message || membersMessages.unknownMember : membersMessages.noOfflineData}
      </Typography>
    );
  } else {
    content = <PageLoading />;
  }

  return (
    <PageContainer>
      <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
        {membersMessages.back}
      </Button>
      <Paper sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>{content}</Paper>
      {confirmDialog}
    </PageContainer>
  );
}

function MemberDetailForm({ detail, onDirtyChange }: { detail: MemberDetail; onDirtyChange(isDirty: boolean): void }) {
  const settings = useSettings();
  const saving = useSaving();
  const { mutateAsync: save } = useSaveMember();
  const parameters = useMemo(() => sortedMemberParameters(detail.nutzerparameter), [detail]);
  const schema = useMemo(() => memberFormSchema(detail), [detail]);
  const form = useSchemaForm(schema, initialMemberForm(detail), { mode: 'onChange' });
  const formSave = useFormSave(form, { prefix: 'data.', fieldOf: parameterFieldOf('werte') });
  const { isDirty, isValid, errors } = form.formState;
  const chosen = form.watch('gruppen').map(Number);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const groups = settings.data?.nutzergruppen ?? [];
  // Groups the member is in but the session does not know still show (by number).
  const shownGroups = [
    ...groups,
    ...detail.gruppen
      .filter((groupId) => !groups.some((group) => group.id === groupId))
      .map((groupId) => ({ id: groupId, name: `Gruppe ${groupId}` })),
  ];

  const submit = form.handleSubmit(async (values) => {
    const texts = { success: membersMessages.dataSaved, failure: membersMessages.saveFailed };
    if (await formSave(() => save(memberToSave(detail, values)), texts)) form.reset(values);
  });

  return (
    <SubmitForm onSubmit={submit}>
      <Typography variant="h5" component="h1" gutterBottom>
        {detail.ident}
      </Typography>
      <FormControl
        component="fieldset"
        disabled={!detail.gruppenBearbeiten}
        error={errors.gruppen !== undefined}
        sx={{ mt: 1, mb: 2 }}
      >
        <FormLabel component="legend">Gruppen</FormLabel>
        <FormGroup row>
          {shownGroups.map((group) => (
            <FormControlLabel
              key={group.id}
              label={group.name}
              control={
                <Checkbox
                  checked={chosen.includes(group.id)}
                  onChange={(event) =>
                    form.setValue('gruppen', withGroupId(chosen, group.id, event.target.checked), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {errors.gruppen && <FormHelperText>{errors.gruppen.message}</FormHelperText>}
      </FormControl>
      <Stack spacing={2.5}>
        {parameters.map((parameter) => {
          const stored = detail.nutzerparameterwerte[String(parameter.id)] ?? '';
          const href = contactHref(parameter.typ, stored);
          return (
            <Box key={parameter.id}>
              <FormParameterField
                control={form.control}
                name={`werte.${parameterKey(parameter.id)}`}
                parameter={parameter}
                disabled={!parameter.bearbeiten}
              />
              {href && (
                <Link href={href} variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
                  {href.startsWith('tel:') ? `${stored} anrufen` : `E-Mail an ${stored} schreiben`}
                </Link>
              )}
            </Box>
          );
        })}
      </Stack>
      {isDirty && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" disabled={!isValid || saving.isSaving}>
            Speichern
          </Button>
        </Box>
      )}
    </SubmitForm>
  );
}
