import { platformCalls } from '@hortus/contract';
import { call } from '../../../platform/api/client';

/** Stores the browser's push subscription (JSON) for the session's user. */
export function saveSubscription(subscriptionJson: string): Promise<unknown> {
  return call(platformCalls.saveSubscription, { subscription: subscriptionJson });
}
