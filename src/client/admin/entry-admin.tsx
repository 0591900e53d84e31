// zod without eval (see ../lib/zod-config.ts: it rides in zod's own chunk, so it runs before any schema is made).
import '../lib/zod-config';
import './admin.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { AdminApp } from './admin-app';

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={createQueryClient()}>
    <AdminApp />
  </QueryClientProvider>,
);
