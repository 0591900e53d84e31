/**
 * The admin panel's toasts, one at a time (SPEC §9): a new one takes the place of the one showing, and the same one
 * again (three clicks on a failing button) stays one toast. Every screen toasts through here.
 */
import { toast } from 'sonner';
import { showToast } from '../../lib/toast';

export const notify = {
  success: (title: string, description?: string) => showToast(toast, 'success', title, description),
  error: (title: string, description?: string) => showToast(toast, 'error', title, description),
  info: (title: string, description?: string) => showToast(toast, 'info', title, description),
};
