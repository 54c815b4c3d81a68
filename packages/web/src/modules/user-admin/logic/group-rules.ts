import { check, type AdminGroup } from '@hortus/contract';
import { userAdminMessages } from '@hortus/contract/modules/user-admin';

/** A new group: name 'Neue Gruppe', nothing granted. */
export function newGroup(): AdminGroup {
  return {
    id: 0,
    name: userAdminMessages.newGroupName,
    icon: 'Group',
    beschreibung: '',
    nutzerparameter: [],
    rechte: [],
    standard: false,
    forcePwReset: false,
    zweiFaktorPflicht: false,
  };
}

/** Group name: the same rules as a parameter name (required, at most 25 characters, name charset). */
export function groupNameError(name: string): string | null {
  return check(name, ['required', 'tinytext', 'name']);
}
