import { useMutation } from '@tanstack/react-query';
import { platformCalls, type ChangePasswordReply } from '@hortus/contract';
import { call } from '../../../platform/api/client';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

/** Changes the own password: `data` is the new one, `pwAlt` the old one. */
export function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<ChangePasswordReply> {
  return call(platformCalls.changePW, { data: newPassword, pwAlt: oldPassword });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
