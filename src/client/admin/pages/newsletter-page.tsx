/**
 * «النشرة البريدية»: the history of sends with their figures and each message as sent, the daily digest's settings
 * and whether mail is configured (editors and admins); the subscribers (admins only).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can } from '../../../shared/permissions';
import { newsletterSettingsQuery } from '../api/newsletter';
import { sessionQuery } from '../api/session';
import { MailStatusNotice, NewsletterSettings } from '../components/newsletter-settings';
import { NewsletterSubscribers } from '../components/newsletter-subscribers';
import { SendHistory } from '../components/send-history';
import { BackToDashboard, PageHeader } from '../components/ui';

type Tab = 'sends' | 'subscribers' | 'settings';
const TABS: { id: Tab; label: string }[] = [
  { id: 'sends', label: 'سجل الإرسال' },
  { id: 'subscribers', label: 'المشتركون' },
  { id: 'settings', label: 'الإعدادات' },
];

export function NewsletterPage() {
  const session = useQuery(sessionQuery(true));
  const settings = useQuery(newsletterSettingsQuery());
  const [tab, setTab] = useState<Tab>('sends');
  const tabs = TABS.filter((t) => t.id !== 'subscribers' || can(session.data?.admin.role, 'newsletter.subscribers'));
  return (
    <div>
      <PageHeader title="النشرة البريدية">
        <BackToDashboard />
      </PageHeader>
      {tab !== 'settings' && settings.data?.mail.transport === 'outbox' && (
        <div className="mb-4">
          <MailStatusNotice view={settings.data} />
        </div>
      )}
      <div
        role="tablist"
        aria-label="أقسام النشرة البريدية"
        className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`newsletter-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`newsletter-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={`-mb-px rounded-t border-b-2 px-4 py-2 text-sm font-bold ${
              tab === t.id
                ? 'border-blue-800 text-blue-900 dark:border-blue-300 dark:text-blue-200'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`newsletter-panel-${tab}`} aria-labelledby={`newsletter-tab-${tab}`}>
        {tab === 'sends' && <SendHistory />}
        {tab === 'subscribers' && <NewsletterSubscribers />}
        {tab === 'settings' && <NewsletterSettings />}
      </div>
    </div>
  );
}
