import type { LoginReply } from '@hortus/contract';
import { loginReplyGuard } from '@hortus/contract/login-route';
import { useMutation } from '@tanstack/react-query';
import { call } from './client';

export interface LoginInput {
  nn: string;
  pw: string;
  /** JSON of the browser's push subscription, or '' without one. */
  subscription: string;
}

export function login(input: LoginInput): Promise<LoginReply> {
  return call(
    '/_api/login/?func=login',
    { nn: input.nn, pw: input.pw, subscription: input.subscription },
    loginReplyGuard,
    {
      timeoutMs: 10_000,
      code: '',
    },
  );
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
