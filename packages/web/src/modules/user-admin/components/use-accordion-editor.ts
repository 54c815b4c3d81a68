import { useState } from 'react';
import { messages } from '@hortus/contract';
import { useSaving } from '../../../platform/saving/saving-context';
import { useSaveAction } from '../../../platform/saving/use-save-action';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';

/** An entry edited in an accordion panel; id 0 = not stored yet. */
export interface EditorEntry {
  id: number;
}

export interface AccordionEditorOptions<T extends EditorEntry> {
  /** The panel key of a stored entry. */
  keyOf(entry: T): string;
  /** Stores the entry and resolves with the stored entry. */
  save(entry: T): Promise<T>;
  /** Deletes the stored entry with this id. */
  remove(id: number): Promise<unknown>;
  /** The success alert after a deletion (e.g. 'Die Gruppe wurde gelöscht.'). */
  deleted: string;
}

export interface AccordionEntry<T> {
  key: string;
  value: T;
}

/** What the editor passes to one entry's panel. */
export interface EditorPanelProps<T> {
  initial: T;
  expanded: boolean;
  onExpand(expanded: boolean): void;
  /** Saves; resolves with the stored entry on success, null on failure. */
  onSave(entry: T): Promise<T | null>;
  onDelete(): void;
  disabled?: boolean;
}

/**
 * The editing state of an accordion page: unsaved new entries, the expanded panel, the pending delete with its
 * confirm dialog, and save and delete with the saving overlay and a success or error alert.
 */
export function useAccordionEditor<T extends EditorEntry>({ keyOf, save, remove, deleted }: AccordionEditorOptions<T>) {
  const saving = useSaving();
  const saveAction = useSaveAction();
  const [newEntries, setNewEntries] = useState<AccordionEntry<T>[]>([]);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<{ key: string; id: number } | null>(null);
  const [nextKey, setNextKey] = useState(1);

  const dropNew = (key: string) => setNewEntries((entries) => entries.filter((entry) => entry.key !== key));

  /** Adds an unsaved entry and expands its panel. */
  const add = (value: T) => {
    const key = `neu-${nextKey}`;
    setNextKey(nextKey + 1);
    setNewEntries([...newEntries, { key, value }]);
    setExpanded(key);
  };

  const saveEntry = async (key: string, value: T): Promise<T | null> => {
    const stored = await saveAction(() => save(value), {
      success: messages.settingsSaved,
      failure: userAdminMessages.saveFailed,
    });
    if (stored && value.id === 0) {
      dropNew(key);
      setExpanded(keyOf(stored));
    }
    return stored;
  };

  const confirmDelete = async () => {
    const target = pendingDelete;
    setPendingDelete(null);
    if (!target) return;
    if (target.id === 0) {
      dropNew(target.key);
      return;
    }
    await saveAction(() => remove(target.id), { success: deleted, failure: userAdminMessages.saveFailed });
  };

  return {
    add,
    /** How many unsaved entries there are. */
    newCount: newEntries.length,
    /** The stored entries (in this order) followed by the unsaved ones. */
    entries: (stored: readonly T[]): AccordionEntry<T>[] => [
      ...stored.map((value) => ({ key: keyOf(value), value })),
      ...newEntries,
    ],
    /** The props that tie one entry's panel to the editor. */
    panelProps: ({ key, value }: AccordionEntry<T>): EditorPanelProps<T> => ({
      initial: value,
      expanded: expanded === key,
      onExpand: (open) => setExpanded(open ? key : null),
      disabled: saving.isSaving,
      onSave: (next) => saveEntry(key, next),
      onDelete: () => setPendingDelete({ key, id: value.id }),
    }),
    /** The props of the delete confirm dialog. */
    confirmProps: {
      open: pendingDelete !== null,
      onConfirm: () => void confirmDelete(),
      onCancel: () => setPendingDelete(null),
    },
  };
}

/** The draft of one accordion panel: changed from the start when new, saved back when the save succeeds. */
export function usePanelDraft<T extends EditorEntry>(initial: T, onSave: (draft: T) => Promise<T | null>) {
  const [draft, setDraft] = useState(initial);
  // A new entry is unsaved from the start.
  const [isChanged, setChanged] = useState(initial.id === 0);

  const change = (next: T) => {
    setDraft(next);
    setChanged(true);
  };

  /** Saves the given value (the draft by default) and takes over the stored one. */
  const save = async (value: T = draft) => {
    const saved = await onSave(value);
    if (saved) {
      setDraft(saved);
      setChanged(false);
    }
  };

  return { draft, isChanged, change, save };
}
