import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { messages } from '@hortus/contract';
import { ConfirmDialog } from '../confirm/confirm-dialog';
import { useSaveAction, type SaveTexts } from '../saving/use-save-action';
import { ConflictAlert, useReloadAfterConflict } from './conflict-alert';
import { DialogShell } from './dialog-shell';
import { FormReadOnly } from './form-read-only';
import { countUnder, errorPaths, isUnder } from './form-errors';
import type { ServerErrorMapping } from './server-errors';
import { useDiscardGuard } from './use-discard-guard';
import { useFormSave } from './use-form-save';
import { schemaOfForm } from './use-schema-form';

/** One tab of a FormDialog. */
export interface FormDialogTab {
  label: string;
  /** The form paths this tab edits (prefixes: 'telefonnummern' covers 'telefonnummern.2.nummer'); its error count. */
  fields?: readonly string[];
  content: ReactNode;
  /** The tab saves on its own (diary, documents): it stays usable in a read-only dialog. */
  own?: boolean;
}

export interface FormDialogDelete {
  /** Deletes the record; the dialog closes when it resolves. */
  run(): Promise<unknown>;
  /** The question of the confirmation. */
  confirm: ReactNode;
  texts: SaveTexts;
  label?: string;
}

export interface FormDialogProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  title: ReactNode;
  /** Saves the checked values; a thrown ApiError's field errors are put back onto the fields. */
  onSubmit(values: TOutput): Promise<unknown>;
  /** Asks before the save, outside the saving overlay (a series: only this day or all?); false keeps editing. */
  beforeSave?(values: TOutput): Promise<boolean> | boolean;
  /** Closes the dialog (after a save, or when the user leaves it; a changed form asks first). */
  onClose(): void;
  /** The alert texts of the save (useSaveAction). */
  texts: SaveTexts;
  /** The wire prefix of the server's error keys to try first ('dataToSave.data.' is tried anyway). */
  serverErrorPrefix?: string;
  /** Wire paths the form names differently (see ServerErrorMapping). */
  serverErrors?: Omit<ServerErrorMapping, 'prefix'>;
  /** Paper width on larger screens. */
  width?: number;
  /** A back arrow with this name before the title (DialogShell's backLabel); it asks like Abbrechen. */
  backLabel?: string;
  /** Below this breakpoint the dialog is fullscreen (default 'sm'; tabbed dialogs often 'md'; 'always'). */
  fullScreenBelow?: 'sm' | 'md' | 'always';
  submitLabel?: string;
  /** Speichern only while the form is changed and valid (use with `mode: 'onChange'`). */
  saveOnlyWhenChanged?: boolean;
  /**
   * Speichern only while the form is changed; an invalid form still takes the click and shows its errors
   * on the fields (a Speichern disabled without a hint is what issue 31 removed).
   */
  saveOnlyWhenDirty?: boolean;
  /**
   * Speichern only while the values pass the form's schema, where the specification disables it on an
   * invalid form (user dialog, message form): the reasons show on the fields from the start (the form is
   * checked when the dialog opens), so the disabled button is never unexplained (issue 47).
   */
  saveOnlyWhenValid?: boolean;
  /** After a save the dialog shows the saved state this long before it closes (410: 400 ms). */
  closeDelayMs?: number;
  /** A save keeps the dialog open with the saved values (a dialog that edits one period after another). */
  stayOpenOnSave?: boolean;
  /** Between title and fields, outside the read-only state (a choice of what to edit, e.g. a month). */
  header?: ReactNode;
  /** Nothing can be changed: no Speichern, the fields disabled (tabs marked `own` keep working). */
  readOnly?: boolean;
  /** A Löschen button (asks first) at the start of the action row. */
  onDelete?: FormDialogDelete;
  /** Further buttons at the start of the action row. */
  extraActions?: ReactNode;
  /**
   * "Neu laden" after a save answered `conflict` (someone else saved the record meanwhile). Default:
   * every loaded query is fetched again and the dialog closes (it opens again with the current record).
   */
  onReload?: () => void;
  /** Tabs: each shows how many of its fields are in error; a refused Speichern opens the first tab in error. */
  tabs?: readonly FormDialogTab[];
  /** data-testid of the dialog's paper. */
  testId?: string;
  /** Fields (without tabs), or what stands above the tabs. */
  children?: ReactNode;
  /** Below the fields, outside the form's read-only state: a part that saves on its own (an order's documents). */
  own?: ReactNode;
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

function TabLabel({ label, errors }: { label: string; errors: number }) {
  if (errors === 0) return label;
  return (
    <Stack direction="row" spacing={0.75} component="span" sx={{ alignItems: 'center', color: 'error.main' }}>
      <span>{label}</span>
      <Box
        component="span"
        data-testid="tab-error-count"
        sx={{
          bgcolor: 'error.main',
          color: 'error.contrastText',
          borderRadius: 8,
          px: 0.75,
          fontSize: 12,
          lineHeight: 1.6,
        }}
      >
        {errors}
        <Box component="span" sx={visuallyHidden}>
          {' Fehler'}
        </Box>
      </Box>
    </Stack>
  );
}

/**
 * The platform edit dialog: a react-hook-form form (see useSchemaForm) in a DialogShell (fullscreen on
 * phones, Back closes it) with Abbrechen / Speichern, the saving overlay and alerts of useSaveAction,
 * server field errors on their fields (nested paths too), the discard guard on every way out, optional
 * tabs with error counts, a Löschen action and a read-only mode.
 */
export function FormDialog<TValues extends FieldValues, TOutput>({
  form,
  title,
  onSubmit,
  beforeSave,
  onClose,
  texts,
  serverErrorPrefix,
  serverErrors,
  width = 600,
  fullScreenBelow = 'sm',
  submitLabel = 'Speichern',
  saveOnlyWhenChanged = false,
  saveOnlyWhenDirty = false,
  saveOnlyWhenValid = false,
  closeDelayMs,
  stayOpenOnSave = false,
  header,
  backLabel,
  readOnly = false,
  onDelete,
  extraActions,
  onReload,
  tabs,
  testId,
  children,
  own,
}: FormDialogProps<TValues, TOutput>) {
  const formSave = useFormSave(form, { prefix: serverErrorPrefix, ...serverErrors });
  const saveAction = useSaveAction();
  const { isDirty, isSubmitted, isValid, errors } = form.formState;
  // Speichern follows a change in the render of the change itself. react-hook-form announces isDirty and
  // isValid only after its asynchronous resolver has run (in mode onChange, and for a field checked again
  // on change), so a click right after typing would find Speichern still disabled. Its own dirty state is
  // set before the values are announced, and the form's schema checks the values as they are: the dialog
  // renders again when either answer changes and reads both as they are now.
  const followsChanges = saveOnlyWhenChanged || saveOnlyWhenDirty || saveOnlyWhenValid;
  const schema = saveOnlyWhenChanged || saveOnlyWhenValid ? schemaOfForm(form.control) : undefined;
  const validNow = () => (schema === undefined ? isValid : schema.safeParse(form.getValues()).success);
  useWatch({
    control: form.control,
    disabled: !followsChanges,
    compute: (values) => [form.control._formState.isDirty, schema?.safeParse(values).success],
  });
  const dirtyNow = followsChanges ? form.control._formState.isDirty : isDirty;
  const [closing, setClosing] = useState(false);
  // The delayed close ends with the dialog: an unmounted dialog (its page left, a test's cleanup) closes nothing.
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const { requestClose, confirmDialog } = useDiscardGuard(dirtyNow && !readOnly && !closing, onClose);
  const [tab, setTab] = useState(0);
  const [askDelete, setAskDelete] = useState(false);
  const pendingFocus = useRef<string | null>(null);
  /** A save was refused by the server: open the first tab in error once its errors are on the form. */
  const jumpToServerError = useRef(false);
  const paths = errorPaths(errors);
  const rootError = errors.root?.['server']?.message;
  const conflict = errors.root?.['conflict']?.message;
  const reloadAll = useReloadAfterConflict(onClose);
  // saveOnlyWhenValid: every reason for the disabled Speichern is on its field from the start.
  const checkOnOpen = saveOnlyWhenValid && !readOnly;
  useEffect(() => {
    if (checkOnOpen) void form.trigger();
  }, [checkOnOpen, form]);

  useEffect(() => {
    if (jumpToServerError.current && paths.length > 0) {
      jumpToServerError.current = false;
      showFirstError(paths);
      return;
    }
    if (pendingFocus.current === null) return;
    const path = pendingFocus.current;
    pendingFocus.current = null;
    try {
      form.setFocus(path as FieldPath<TValues>);
    } catch {
      // A field without a focusable element (a switch group): the tab is open, that is enough.
    }
  });

  /** Opens the first tab with a field in error and focuses that field. */
  const showFirstError = (failed: readonly string[]) => {
    if (!tabs) return;
    for (const [index, candidate] of tabs.entries()) {
      const first = failed.find((path) => (candidate.fields ?? []).some((prefix) => isUnder(path, prefix)));
      if (first !== undefined) {
        pendingFocus.current = first;
        setTab(index);
        return;
      }
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      if (beforeSave && !(await beforeSave(values))) return;
      jumpToServerError.current = true;
      if (await formSave(() => onSubmit(values), texts)) {
        jumpToServerError.current = false;
        if (stayOpenOnSave) {
          form.reset(form.getValues());
          return;
        }
        if (closeDelayMs === undefined) {
          onClose();
          return;
        }
        setClosing(true);
        form.reset(form.getValues());
        closeTimer.current = window.setTimeout(onClose, closeDelayMs);
      }
    },
    (failed) => showFirstError(errorPaths(failed)),
  );

  const current = tabs?.[tab];
  const fieldsDisabled = readOnly && !current?.own;
  const content = (
    <>
      <FormReadOnly value={fieldsDisabled}>
        <fieldset disabled={fieldsDisabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {rootError && <Alert severity="error">{rootError}</Alert>}
            <ConflictAlert message={conflict} onReload={onReload ?? reloadAll} />
            {children}
            {current?.content}
          </Stack>
        </fieldset>
      </FormReadOnly>
      {own !== undefined && <Box sx={{ pt: 2 }}>{own}</Box>}
    </>
  );

  return (
    <>
      <DialogShell
        title={title}
        onClose={requestClose}
        onSubmit={readOnly ? undefined : submit}
        closeLabel={null}
        width={width}
        fullScreenBelow={fullScreenBelow}
        dividers={tabs !== undefined}
        testId={testId}
        backLabel={backLabel}
        header={
          (header !== undefined || tabs) && (
            <>
              {header}
              {tabs && (
                // Scroll arrows whenever the tabs do not all fit, on phones too (issue 33: the child dialog's 7 tabs).
                <Tabs
                  value={tab}
                  onChange={(_, value: number) => setTab(value)}
                  variant="scrollable"
                  scrollButtons="auto"
                  allowScrollButtonsMobile
                  sx={{ px: 2 }}
                >
                  {tabs.map((candidate) => (
                    <Tab
                      key={candidate.label}
                      label={<TabLabel label={candidate.label} errors={countUnder(paths, candidate.fields ?? [])} />}
                    />
                  ))}
                </Tabs>
              )}
            </>
          )
        }
        actions={
          <>
            {onDelete && !readOnly && (
              <Button color="error" onClick={() => setAskDelete(true)} sx={{ mr: 'auto' }}>
                {onDelete.label ?? 'Löschen'}
              </Button>
            )}
            {extraActions}
            <Button onClick={requestClose}>{readOnly ? 'Schließen' : 'Abbrechen'}</Button>
            {!readOnly && (
              <Button
                type="submit"
                variant="contained"
                disabled={
                  closing ||
                  (isSubmitted && !isValid) ||
                  (saveOnlyWhenChanged && !(dirtyNow && validNow())) ||
                  (saveOnlyWhenValid && !validNow()) ||
                  (saveOnlyWhenDirty && !dirtyNow)
                }
              >
                {submitLabel}
              </Button>
            )}
          </>
        }
      >
        {content}
      </DialogShell>
      {confirmDialog}
      {onDelete && (
        <ConfirmDialog
          open={askDelete}
          title={messages.confirmTitle}
          text={onDelete.confirm}
          confirmLabel={onDelete.label ?? 'Löschen'}
          onCancel={() => setAskDelete(false)}
          onConfirm={() => {
            setAskDelete(false);
            void saveAction(() => onDelete.run().then(() => true), onDelete.texts).then((done) => {
              if (done) onClose();
            });
          }}
        />
      )}
    </>
  );
}
