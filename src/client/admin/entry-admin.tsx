// First: before any module that makes a zod schema (see zod-config.ts).
import './zod-config';
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
