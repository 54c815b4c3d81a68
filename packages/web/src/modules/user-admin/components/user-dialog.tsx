import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  hasRight,
  messages,
  type AdminGroup,
  type AdminUser,
  type UserGroup,
  type UserParameter,
} from '@hortus/contract';
import { userAdminMessages, userAdminRights } from '@hortus/contract/modules/user-admin';
import { useAlert } from '../../../platform/alert/alert-context';
import { FormDialog } from '../../../platform/forms/form-dialog';
import { FormTextField } from '../../../platform/forms/form-fields';
import { useSchemaForm } from '../../../platform/forms/use-schema-form';
import { RightsTree } from '../../../platform/rights/rights-tree';
import { toggleRight } from '../../../platform/rights/rights-logic';
import { useSaving } from '../../../platform/saving/saving-context';
import { FormParameterField } from '../../../platform/user-parameters/form-parameter-field';
import { parameterFieldOf, parameterKey } from '../../../platform/user-parameters/parameter-schema';
import { endSessions, resetPassword } from '../api/reset-password';
import { ConfirmDialog } from '../../../platform/confirm/confirm-dialog';
import { useRights } from '../api/get-rights';
import { useSaveUser } from '../api/save-user';
import { inheritedRights, userFormOf, userFormSchema, userToSave, withGroup } from '../logic/user-rules';

/** User dialog width (core.md section 9). */
export const USER_DIALOG_WIDTH = 1200;

export interface UserDialogProps {
  /** The user to edit (id 0 = new user). The dialog is mounted per user. */
  user: AdminUser;
  /** Groups with their rights and parameters (getNutzergruppen); empty while unknown. */
  adminGroups: readonly AdminGroup[];
  /** Group names from the settings (shown when the full groups are not available). */
  settingsGroups: readonly UserGroup[];
  parameters: readonly UserParameter[];
  /** The session user's rights. */
  sessionRights: readonly string[];
  onClose(): void;
  /** A new user was created: the message with the generated password, and the password. */
  onCreated(message: string, password: string): void;
  /** A password was reset: the message with the new password, and the password. */
  onPasswordReset(message: string, password: string): void;
}

export function UserDialog({
  user,
  adminGroups,
  settingsGroups,
  parameters,
  sessionRights,
  onClose,
  onCreated,
  onPasswordReset,
}: UserDialogProps) {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'));
  const alert = useAlert();
  const saving = useSaving();
  const saveUser = useSaveUser();
  const rightsTree = useRights();
  const schema = useMemo(() => userFormSchema(parameters), [parameters]);
  const form = useSchemaForm(schema, userFormOf(user, parameters), { mode: 'onChange' });
  const { errors } = form.formState;
  const [gruppen, nutzerparameter, rechteSolo] = form.watch(['gruppen', 'nutzerparameter', 'rechteSolo']);

  const isNew = user.id === 0;
  const canEdit = hasRight(sessionRights, userAdminRights.edit);
  const isEditable = isNew ? hasRight(sessionRights, userAdminRights.add) : canEdit;
  const rightsLocked = !(canEdit || isNew);
  const groups: readonly Pick<AdminGroup, 'id' | 'name'>[] = adminGroups.length > 0 ? adminGroups : settingsGroups;
  const inherited = useMemo(() => inheritedRights(adminGroups, gruppen), [adminGroups, gruppen]);
  const checkedRights = useMemo(() => new Set(rechteSolo), [rechteSolo]);
  const shownParameters = parameters
    .filter((parameter) => nutzerparameter.includes(parameter.id))
    .sort((a, b) => a.sort - b.sort || a.id - b.id);

  const chooseGroup = (groupId: number, on: boolean) => {
    const next = withGroup(form.getValues(), adminGroups, groupId, on);
    form.setValue('nutzerparameter', next.nutzerparameter, { shouldDirty: true });
    form.setValue('gruppen', next.gruppen, { shouldDirty: true, shouldValidate: true });
  };

  const save = async (values: Parameters<typeof userToSave>[1]) => {
    const reply = await saveUser.mutateAsync(userToSave(user, values, parameters));
    if (reply.addedUserPW !== undefined) {
      const password = reply.addedUserPW;
      onCreated(userAdminMessages.userCreated(reply.addedUserNN ?? values.nn, password), password);
    } else {
      alert.success(messages.settingsSaved);
    }
  };

  const [confirmReset, setConfirmReset] = useState(false);
  const reset = async () => {
    setConfirmReset(false);
    try {
      const password = await saving.run(resetPassword(user.id));
      onPasswordReset(`${userAdminMessages.passwordReset} ${password}`, password);
    } catch {
      alert.error(userAdminMessages.resetFailed);
    }
  };

  const [confirmEnd, setConfirmEnd] = useState(false);
  const endAll = async () => {
    setConfirmEnd(false);
    try {
      await saving.run(endSessions(user.id));
      alert.success(userAdminMessages.sessionsEnded);
    } catch {
      alert.error(userAdminMessages.endSessionsFailed);
    }
  };

  const properties = (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField
        control={form.control}
        name="nn"
        label="Benutzername"
        required
        disabled={!isEditable}
        helperText=" "
        slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } }}
      />
      <FormControl component="fieldset" error={errors.gruppen !== undefined} disabled={!isEditable}>
        <FormLabel component="legend">Gruppen</FormLabel>
        <FormGroup row>
          {groups.map((group) => (
            <FormControlLabel
              key={group.id}
              label={group.name}
              control={
                <Checkbox
                  checked={gruppen.includes(group.id)}
                  onChange={(event) => chooseGroup(group.id, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.gruppen && <FormHelperText>{errors.gruppen.message}</FormHelperText>}
      </FormControl>
      {shownParameters.map((parameter) => (
        <FormParameterField
          key={parameter.id}
          control={form.control}
          name={`werte.${parameterKey(parameter.id)}`}
          parameter={parameter}
          disabled={!isEditable}
        />
      ))}
      {!isNew && canEdit && (
        <Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setConfirmReset(true)}>
              Passwort zurücksetzen
            </Button>
            <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => setConfirmEnd(true)}>
              {userAdminMessages.endSessions}
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );

  const rights = (
    <Box sx={{ pt: 1 }}>
      {rightsTree.data ? (
        <RightsTree
          tree={rightsTree.data}
          checked={checkedRights}
          inherited={inherited}
          locked={rightsLocked}
          inheritedHint="über Gruppe"
          onToggle={(right, on, withDescendants) => {
            if (!rightsTree.data) return;
            form.setValue('rechteSolo', [...toggleRight(rightsTree.data, checkedRights, right, on, withDescendants)], {
              shouldDirty: true,
            });
          }}
        />
      ) : (
        rightsTree.isPending && <LinearProgress aria-label="Rechte werden geladen…" />
      )}
    </Box>
  );

  const title = isNew ? 'Neuer Benutzer' : isEditable ? 'Benutzer bearbeiten' : 'Benutzer ansehen';

  return (
    <>
      <FormDialog
        form={form}
        title={
          <>
            {title}
            {!isNew && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {user.ident || user.nn}
              </Typography>
            )}
          </>
        }
        onSubmit={save}
        onClose={onClose}
        texts={{ failure: userAdminMessages.saveFailed }}
        serverErrorPrefix="data."
        serverErrors={{ fieldOf: parameterFieldOf('werte') }}
        width={USER_DIALOG_WIDTH}
        fullScreenBelow="md"
        readOnly={!isEditable}
        // core.md: save disabled while the user name is empty or has a space, or no group is chosen.
        saveOnlyWhenValid
        tabs={
          isSmall
            ? [
                { label: 'Eigenschaften', fields: ['nn', 'gruppen', 'werte'], content: properties },
                { label: 'Rechte', fields: ['rechteSolo'], content: rights },
              ]
            : undefined
        }
      >
        {!isSmall && (
          <Grid container spacing={3}>
            <Grid size={6} component="section" aria-labelledby="user-dialog-properties">
              <Typography id="user-dialog-properties" variant="h6" component="h3">
                Eigenschaften
              </Typography>
              {properties}
            </Grid>
            <Grid size={6} component="section" aria-labelledby="user-dialog-rights">
              <Typography id="user-dialog-rights" variant="h6" component="h3">
                Rechte
              </Typography>
              {rights}
            </Grid>
          </Grid>
        )}
      </FormDialog>
      <ConfirmDialog
        open={confirmReset}
        text={userAdminMessages.confirmPasswordReset(user.nn)}
        onConfirm={() => void reset()}
        onCancel={() => setConfirmReset(false)}
      />
      <ConfirmDialog
        open={confirmEnd}
        text={userAdminMessages.confirmEndSessions(user.nn)}
        onConfirm={() => void endAll()}
        onCancel={() => setConfirmEnd(false)}
      />
    </>
  );
}
