import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LockResetIcon from '@mui/icons-material/LockReset';
import {
  hasRight,
  messages,
  userAdminMessages,
  userAdminRights,
  type AdminGroup,
  type AdminUser,
  type UserGroup,
  type UserParameter,
  validationMessages,
} from '@hortus/contract';
import { ApiError } from '../../../platform/api/errors';
import { useAlert } from '../../../platform/alert/alert-context';
import { Notice } from '../../../platform/feedback/notice';
import { RightsTree } from '../../../platform/rights/rights-tree';
import { toggleRight } from '../../../platform/rights/rights-logic';
import { useSaving } from '../../../platform/saving/saving-context';
import { ParameterField, parameterError, valueOf } from '../../../platform/user-parameters/parameter-field';
import { resetPassword } from '../api/reset-password';
import { useRights } from '../api/get-rights';
import { useSaveUser } from '../api/save-user';
import { canSaveUser, inheritedRights, userFieldErrors, withGroup } from '../logic/user-rules';
import { saveErrorMessage } from '../../../platform/api/save-error-message';

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
  /** A new user was created: the message with the generated password. */
  onCreated(message: string): void;
  /** A password was reset: the message with the new password. */
  onPasswordReset(message: string): void;
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
  const [draft, setDraft] = useState(user);
  const [pane, setPane] = useState(0);
  const [serverErrors, setServerErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });

  const isNew = user.id === 0;
  const canEdit = hasRight(sessionRights, userAdminRights.edit);
  const isEditable = isNew ? hasRight(sessionRights, userAdminRights.add) : canEdit;
  const rightsLocked = !(canEdit || isNew);
  const groups: readonly Pick<AdminGroup, 'id' | 'name'>[] = adminGroups.length > 0 ? adminGroups : settingsGroups;
  const inherited = useMemo(() => inheritedRights(adminGroups, draft.gruppen), [adminGroups, draft.gruppen]);
  const checkedRights = useMemo(() => new Set(draft.rechteSolo), [draft.rechteSolo]);
  const shownParameters = parameters
    .filter((parameter) => draft.nutzerparameter.includes(parameter.id))
    .sort((a, b) => a.sort - b.sort || a.id - b.id);

  const nnError =
    serverErrors.fields['nn'] ??
    (draft.nn !== '' && /\s/.test(draft.nn)
      ? userAdminMessages.nnSpace
      : draft.nn === ''
        ? validationMessages.required
        : null);
  const groupError = serverErrors.fields['gruppen'] ?? (draft.gruppen.length === 0 ? userAdminMessages.noGroup : null);
  const isSaveEnabled = isEditable && canSaveUser(draft) && !saving.isSaving;

  const update = (next: AdminUser) => {
    setDraft(next);
    setServerErrors({ fields: {}, general: [] });
  };

  const save = async () => {
    try {
      const reply = await saving.run(saveUser.mutateAsync(draft));
      if (reply.addedUserPW !== undefined) {
        onCreated(userAdminMessages.userCreated(reply.addedUserNN ?? draft.nn, reply.addedUserPW));
      } else {
        alert.success(messages.settingsSaved);
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(userFieldErrors(error.errors));
      alert.error(saveErrorMessage(error, userAdminMessages.saveFailed));
    }
  };

  const reset = async () => {
    try {
      const password = await saving.run(resetPassword(user.id));
      onPasswordReset(`${userAdminMessages.passwordReset} ${password}`);
    } catch {
      alert.error(userAdminMessages.resetFailed);
    }
  };

  const properties = (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        label="Benutzername"
        value={draft.nn}
        required
        disabled={!isEditable}
        onChange={(event) => update({ ...draft, nn: event.target.value })}
        error={nnError !== null}
        helperText={nnError ?? ' '}
        slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } }}
      />
      <FormControl component="fieldset" error={groupError !== null} disabled={!isEditable}>
        <FormLabel component="legend">Gruppen</FormLabel>
        <FormGroup row>
          {groups.map((group) => (
            <FormControlLabel
              key={group.id}
              label={group.name}
              control={
                <Checkbox
                  checked={draft.gruppen.includes(group.id)}
                  onChange={(event) => update(withGroup(draft, [...adminGroups], group.id, event.target.checked))}
                />
              }
            />
          ))}
        </FormGroup>
        {groupError && <FormHelperText>{groupError}</FormHelperText>}
      </FormControl>
      {shownParameters.map((parameter) => {
        const value = valueOf(draft.nutzerparameterwerte, draft.nutzerparameterwerteSelectoptionIDs, parameter.id);
        const key = String(parameter.id);
        return (
          <ParameterField
            key={parameter.id}
            parameter={parameter}
            value={value}
            disabled={!isEditable}
            error={serverErrors.fields[`p${parameter.id}`] ?? parameterError(parameter, value)}
            onChange={(next) =>
              update({
                ...draft,
                nutzerparameterwerte: { ...draft.nutzerparameterwerte, [key]: next.wert },
                nutzerparameterwerteSelectoptionIDs: { ...draft.nutzerparameterwerteSelectoptionIDs, [key]: next.ids },
              })
            }
          />
        );
      })}
      {!isNew && canEdit && (
        <Box>
          <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => void reset()}>
            Passwort zurücksetzen
          </Button>
        </Box>
      )}
      {serverErrors.general.length > 0 && (
        <Notice severity="error">
          {serverErrors.general.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Notice>
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
          onToggle={(right, on) => {
            if (!rightsTree.data) return;
            update({ ...draft, rechteSolo: [...toggleRight(rightsTree.data, checkedRights, right, on)] });
          }}
        />
      ) : (
        rightsTree.isPending && <LinearProgress aria-label="Rechte werden geladen…" />
      )}
    </Box>
  );

  const title = isNew ? 'Neuer Benutzer' : 'Benutzer bearbeiten';

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={isSmall}
      maxWidth={false}
      aria-labelledby="user-dialog-title"
      slotProps={{ paper: { sx: { width: USER_DIALOG_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle id="user-dialog-title">
        {title}
        {!isNew && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {user.ident || user.nn}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        {isSmall ? (
          <>
            <Tabs value={pane} onChange={(_event, next: number) => setPane(next)} variant="fullWidth">
              <Tab label="Eigenschaften" />
              <Tab label="Rechte" />
            </Tabs>
            <Box role="tabpanel" sx={{ pt: 1 }}>
              {pane === 0 ? properties : rights}
            </Box>
          </>
        ) : (
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Schließen</Button>
        <Button variant="contained" disabled={!isSaveEnabled} onClick={() => void save()}>
          Speichern
        </Button>
      </DialogActions>
    </Dialog>
  );
}
