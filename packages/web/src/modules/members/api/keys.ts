/** Query keys of the member directory. */
export const membersKeys = {
  all: ['members'] as const,
  list: ['members', 'list'] as const,
  detail: (id: number) => ['members', 'detail', id] as const,
  settings: ['members', 'settings'] as const,
};
