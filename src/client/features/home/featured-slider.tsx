/** Featured slider (SPEC §4): advances every 5 s, wraps, pauses while hovered or focused; arrows and dots jump. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { TIMINGS_MS } from '../../../shared/constants';
import type { NewsListItem } from '../../../shared/schemas/news';
import { LiveBadge } from '../../components/live-badge';
import { NewsImage } from '../../components/news-image';

export function FeaturedSlider({ items }: { items: NewsListItem[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  // The other slides' pictures are asked for only once the page has loaded: the lead's picture (the page's largest
  // paint) gets the connection to itself first. A slide shown before then (an arrow, a dot) asks for its own at once.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // In a transition: a page drawn again in pieces, not one long task as the page comes alive.
    const onLoad = () => startTransition(() => setLoaded(true));
    if (document.readyState === 'complete') return onLoad();
    window.addEventListener('load', onLoad);
    return () => window.removeEventListener('load', onLoad);
  }, []);
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
      className="relative overflow-hidden rounded-lg bg-slate-900 shadow lg:h-full"
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
          className={`transition-opacity duration-500 lg:h-full ${i === index ? 'relative opacity-100' : 'pointer-events-none absolute inset-0 opacity-0'}`}
        >
          {/* Beside the latest headlines on a desktop, the lead fills their height (its picture cropped to fit). */}
          {i === 0 || i === index || loaded ? (
            <NewsImage
              src={item.imageUrl}
              alt={item.imageInfo?.alt ?? ''}
              focus={item.imageInfo}
              sizes="(min-width: 1280px) 830px, (min-width: 1024px) 66vw, 100vw"
              priority={i === 0}
              className="lg:aspect-auto lg:h-full"
            />
          ) : (
            <div className="aspect-video w-full bg-slate-800 lg:aspect-auto lg:h-full" />
          )}
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent p-4 pt-16">
            {item.live && <LiveBadge className="mb-1.5" />}
            <h2 className="line-clamp-3 text-lg font-bold leading-8 text-white [overflow-wrap:anywhere] sm:text-xl lg:text-2xl lg:leading-10">
              <Link to={`/news/${item.id}`} tabIndex={i === index ? 0 : -1} className="hover:underline">
                <bdi>{item.title}</bdi>
              </Link>
            </h2>
            <p className="mt-1 line-clamp-2 leading-7 text-white/90 max-lg:hidden">{item.description}</p>
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
