import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { membersMessages, type MemberDetail, type ParameterValue } from '@hortus/contract';
import { ApiError } from '../../../platform/api/errors';
import { useSettings } from '../../../platform/api/get-settings';
import { SubmitForm } from '../../../platform/forms/submit-form';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { PageContainer } from '../../../platform/layout/page-container';
import { ParameterField } from '../../../platform/user-parameters/parameter-field';
import { useMember } from '../api/get-member';
import { useSaveMember } from '../api/save-member';
import { cachedMemberDetail } from '../logic/member-cache';
import {
  initialMemberForm,
  memberFormChanged,
  memberFormErrors,
  memberToSave,
  sortedMemberParameters,
  withMemberGroup,
  type MemberForm,
} from '../logic/member-form';

/** A member's detail: shown from the device cache first, then from the server's answer. */
export function MemberDetailView({ id }: { id: number }) {
  const navigate = useNavigate();
  const query = useMember(id);
  const [cached] = useState(() => cachedMemberDetail(id));
  const detail = query.data ?? cached;

  let content;
  if (detail) {
    content = <MemberDetailForm key={query.data ? query.dataUpdatedAt : 'cache'} detail={detail} />;
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
      <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/100?u=')} sx={{ mb: 2 }}>
        {membersMessages.back}
      </Button>
      <Paper sx={{ p: 3, maxWidth: 720, mx: 'auto' }}>{content}</Paper>
    </PageContainer>
  );
}

function MemberDetailForm({ detail }: { detail: MemberDetail }) {
  const settings = useSettings();
  const saving = useSaving();
  const saveAction = useSaveAction();
  const { mutateAsync: save } = useSaveMember();
  const parameters = useMemo(() => sortedMemberParameters(detail.nutzerparameter), [detail]);
  const initial = useMemo(() => initialMemberForm(detail), [detail]);
  const [form, setForm] = useState<MemberForm>(initial);

  const groups = settings.data?.nutzergruppen ?? [];
  // Groups the member is in but the session does not know still show (by number).
  const shownGroups = [
    ...groups,
    ...detail.gruppen
      .filter((groupId) => !groups.some((group) => group.id === groupId))
      .map((groupId) => ({ id: groupId, name: `Gruppe ${groupId}` })),
  ];
  const errors = memberFormErrors(detail, form);
  const valid = Object.keys(errors).length === 0;
  const changed = memberFormChanged(detail, initial, form);

  const submit = async () => {
    if (!valid || !changed) return;
    await saveAction(() => save(memberToSave(detail, form)), {
      success: membersMessages.dataSaved,
      failure: membersMessages.saveFailed,
    });
  };

  return (
    <SubmitForm onSubmit={submit}>
      <Typography variant="h5" component="h1" gutterBottom>
        {detail.ident}
      </Typography>
      <FormControl
        component="fieldset"
        disabled={!detail.gruppenBearbeiten}
        error={Boolean(errors.gruppen)}
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
                  checked={form.gruppen.includes(group.id)}
                  onChange={(event) => setForm((current) => withMemberGroup(current, group.id, event.target.checked))}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.gruppen && <FormHelperText>{errors.gruppen}</FormHelperText>}
      </FormControl>
      <Stack spacing={2.5}>
        {parameters.map((parameter) => (
          <ParameterField
            key={parameter.id}
            parameter={parameter}
            value={form.values[parameter.id] ?? { wert: '', ids: [] }}
            onChange={(value: ParameterValue) =>
              setForm((current) => ({ ...current, values: { ...current.values, [parameter.id]: value } }))
            }
            disabled={!parameter.bearbeiten}
            error={errors[parameter.id] ?? null}
          />
        ))}
      </Stack>
      {changed && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" disabled={!valid || saving.isSaving}>
            Speichern
          </Button>
        </Box>
      )}
    </SubmitForm>
  );
}
