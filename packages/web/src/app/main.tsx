import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmUpIntl } from '../platform/intl/warm-up';
import { Providers } from './providers';
import { Root } from './root';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt');

// The first render is a transition: React renders it in slices of a few milliseconds (and so the lazy
// app shell and module pages it resolves), instead of one blocking task per step of the page load.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <Providers>
        <Root />
      </Providers>
    </StrictMode>,
  );
});
warmUpIntl();
