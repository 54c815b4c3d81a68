import { messages } from '@hortus/contract/messages';
import { Notice } from '../feedback/notice';
import { useOffline } from './offline-store';

export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Notice severity="warning" title={messages.offlineBanner} square data-testid="offline-banner">
      {messages.offlineHint}
    </Notice>
  );
}
