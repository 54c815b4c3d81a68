import { useMutation } from '@tanstack/react-query';
import { changePasswordReply, profilePaths, type ChangePasswordReply } from '@hortus/contract';
import { call } from '../../../platform/api/client';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

/** Changes the own password: `data` is the new one, `pwAlt` the old one. */
export function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<ChangePasswordReply> {
  return call(profilePaths.changePW, { data: newPassword, pwAlt: oldPassword }, changePasswordReply);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
