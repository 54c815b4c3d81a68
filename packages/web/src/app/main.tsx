import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { warmUpIntl } from '../platform/intl/warm-up';
import { Providers } from './providers';
import { Root } from './root';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <Root />
    </Providers>
  </StrictMode>,
);
warmUpIntl();
