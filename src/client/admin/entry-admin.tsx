import './admin.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createQueryClient } from '../lib/query-client';
import { AdminApp } from './admin-app';

// zod would probe `new Function('')` to compile its parsers: our CSP forbids eval, so every admin page logged a
// violation. The interpreted parsers are fast enough for forms.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={createQueryClient()}>
    <AdminApp />
  </QueryClientProvider>,
);
