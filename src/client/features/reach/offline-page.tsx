import { WifiOff } from 'lucide-react';
import { OFFLINE_SAVED_LIST_ID } from '../../../shared/offline';
import { useSettings } from '../../lib/use-settings';

/**
 * The page the service worker shows when a page can neither be fetched nor was saved on the device: the site's chrome,
 * no script (links work as plain links), and the list of saved stories, which the worker writes into
 * #offline-saved when it serves the page (src/client/sw/saved-pages.ts).
 */
export function OfflinePage() {
  const { siteName } = useSettings();
  return (
    <div className="mx-auto max-w-2xl px-3 py-10" data-testid="offline-page">
      <div className="text-center">
        <WifiOff className="mx-auto size-12 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold sm:text-3xl">لا يوجد اتصال بالإنترنت</h1>
        <p className="mt-3 leading-8 text-slate-700 dark:text-slate-300">
          تعذّر الوصول إلى {siteName} الآن، وهذه الصفحة غير محفوظة على جهازك. تحقّق من اتصالك ثم أعد المحاولة.
        </p>
        {/* An empty href is the address the reader asked for: the worker shows this page in its place. */}
        <a
          href=""
          className="mt-5 inline-block rounded bg-blue-900 px-5 py-2 font-bold text-white hover:bg-blue-800 dark:bg-blue-700"
        >
          إعادة المحاولة
        </a>
      </div>
      <section aria-labelledby="offline-saved-heading" className="mt-10">
        <h2 id="offline-saved-heading" className="mb-2 border-s-4 border-blue-900 ps-3 text-xl font-bold">
          محفوظ على جهازك
        </h2>
        <p className="mb-4 text-sm leading-7 text-slate-600 dark:text-slate-300">
          يحفظ الموقع على جهازك الصفحة الرئيسية وآخر 20 خبراً فتحتها، لتقرأها حين ينقطع الاتصال.
        </p>
        <ul id={OFFLINE_SAVED_LIST_ID} className="offline-saved">
          <li className="text-slate-600 dark:text-slate-300">لا توجد صفحات محفوظة على هذا الجهاز بعد.</li>
        </ul>
      </section>
    </div>
  );
}
