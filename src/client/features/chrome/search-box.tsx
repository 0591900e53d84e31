import { Search } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';

/** The header's search widget: opens /search?q= (a plain GET form, so it works before hydration too). */
export function SearchBox({ id }: { id: string }) {
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  const [, navigate] = useLocation();
  return (
    <form
      role="search"
      action="/search"
      method="get"
      className="flex items-center rounded-full border border-slate-300 bg-white ps-3 dark:border-slate-700 dark:bg-slate-900"
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
        className="w-36 bg-transparent py-1.5 text-sm outline-none sm:w-48"
        maxLength={200}
      />
      <button
        type="submit"
        className="rounded-full p-2 text-slate-600 hover:text-blue-800 dark:text-slate-300"
        aria-label="بحث"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
