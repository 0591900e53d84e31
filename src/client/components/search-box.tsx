import { Search } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';

/** The header's search widget: opens /search?q= (a plain GET form, so it works before hydration too). */
/** `wide`: the search page's own box, the full width of its column (phones show no box in the header). */
export function SearchBox({ id, wide = false }: { id: string; wide?: boolean }) {
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  const [, navigate] = useLocation();
  return (
    <form
      role="search"
      // Two search landmarks on the search page (the header's and its own): each has its name.
      aria-label={wide ? 'البحث في نتائج الصحيفة' : 'البحث في الموقع'}
      action="/search"
      method="get"
      className={`flex items-center rounded-full border border-slate-300 bg-white ps-3 focus-within:border-blue-800 focus-within:ring-2 focus-within:ring-blue-800/40 dark:border-slate-700 dark:bg-slate-900 dark:focus-within:border-blue-300 dark:focus-within:ring-blue-300/40 ${wide ? 'w-full' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) navigate(`/search?q=${encodeURIComponent(value.trim())}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        ابحث في الأخبار
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="ابحث في الأخبار..."
        className={`bg-transparent py-1.5 text-sm outline-none ${wide ? 'min-w-0 flex-1 py-2.5 text-base' : 'w-36 sm:w-48'}`}
        maxLength={200}
      />
      <button
        type="submit"
        className="rounded-full p-2 text-slate-600 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-800 dark:text-slate-300 dark:focus-visible:outline-blue-300"
        aria-label="بحث"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
