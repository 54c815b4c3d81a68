import type { LoginReply } from '@hortus/contract';
import { callUrl, loginReplyGuard, loginRouteTargets } from '@hortus/contract/login-route';
import { postCall } from './client';

export interface LoginInput {
  nn: string;
  pw: string;
  /** JSON of the browser's push subscription, or '' without one. */
  subscription: string;
  /** The own password an account on its start password chooses (after the answer passwortWaehlen). */
  neuPW?: string | undefined;
  /** The second factor (a code of the authenticator app or a recovery code). */
  otp?: string | undefined;
}

/** The login route's call (platformCalls.login), checked with the zod-free guard. */
export function login(input: LoginInput): Promise<LoginReply> {
  return postCall(
    callUrl(loginRouteTargets.login),
    {
      nn: input.nn,
      pw: input.pw,
      subscription: input.subscription,
      ...(input.neuPW ? { neuPW: input.neuPW } : {}),
      ...(input.otp ? { otp: input.otp } : {}),
    },
    loginReplyGuard,
    { code: '' },
  );
}
