/** Featured slider (SPEC §4): advances every 5 s, wraps, pauses while hovered or focused; arrows and dots jump. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { TIMINGS_MS } from '../../../shared/constants';
import type { NewsListItem } from '../../../shared/schemas/news';
import { NewsImage } from '../../components/news-image';

export function FeaturedSlider({ items }: { items: NewsListItem[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (paused || count < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % count), TIMINGS_MS.slider);
    return () => clearInterval(id);
  }, [paused, count]);

  if (!count) return <p className="rounded-lg bg-white p-6 text-center dark:bg-slate-900">لا توجد أخبار مميزة</p>;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      aria-roledescription="عرض شرائح"
      aria-label="أخبار مميزة"
      className="relative overflow-hidden rounded-lg bg-slate-900 shadow"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="featured-slider"
    >
      {items.map((item, i) => (
        <div
          key={item.id}
          role="group"
          aria-roledescription="شريحة"
          aria-label={`${i + 1} من ${count}`}
          aria-hidden={i !== index}
          className={`transition-opacity duration-500 ${i === index ? 'relative opacity-100' : 'pointer-events-none absolute inset-0 opacity-0'}`}
        >
          <NewsImage src={item.imageUrl} alt="" sizes="(min-width: 1024px) 50vw, 100vw" priority={i === 0} />
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent p-4 pt-16">
            <h2 className="text-lg font-bold leading-8 text-white sm:text-xl">
              <Link to={`/news/${item.id}`} tabIndex={i === index ? 0 : -1} className="hover:underline">
                {item.title}
              </Link>
            </h2>
          </div>
        </div>
      ))}
      <button
        type="button"
        onClick={() => go(-1)}
        className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70"
        aria-label="الشريحة السابقة"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => go(1)}
        className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white hover:bg-black/70"
        aria-label="الشريحة التالية"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <div className="absolute inset-x-0 top-0 flex justify-center">
        {items.map((item, i) => (
          // A 24 × 24 px tap target around each small dot.
          <button
            key={item.id}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`الانتقال إلى الشريحة ${i + 1}`}
            aria-current={i === index}
            className="flex h-6 min-w-6 items-center justify-center"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
