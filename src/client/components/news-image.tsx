import { useEffect, useRef, useState } from 'react';
import { focusPosition, PLACEHOLDER_IMAGE, publicImageUrl, srcSetFor } from '../../shared/media';
import type { ImageInfo } from '../../shared/schemas/media';

interface Props {
  src: string | null | undefined;
  alt: string;
  /** Rendered size hint for the browser's choice among the widths. */
  sizes: string;
  /** The largest image of the page loads eagerly with high priority; the rest lazily. */
  priority?: boolean;
  className?: string;
  /** The library's focal point: every crop (16:9 cards, the slider's fill) keeps it in view. */
  focus?: Pick<ImageInfo, 'focusX' | 'focusY'> | null;
}

/** Every image carries width and height (16:9) so nothing shifts while it loads. */
export function NewsImage({ src, alt, sizes, priority = false, className = '', focus }: Props) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? PLACEHOLDER_IMAGE : src;
  // A picture that failed before the page came alive (server HTML, slow script) fired its error with nobody
  // listening: look once after hydration, and show the placeholder rather than the browser's broken-image icon.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el && el.complete && el.naturalWidth === 0 && src) setFailed(true);
  }, [src]);
  return (
    <img
      ref={img}
      src={publicImageUrl(url)}
      srcSet={srcSetFor(url)}
      sizes={srcSetFor(url) ? sizes : undefined}
      alt={alt}
      width={1200}
      height={675}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      onError={() => setFailed(true)}
      style={focusPosition(focus) ? { objectPosition: focusPosition(focus) } : undefined}
      className={`aspect-video w-full bg-slate-200 object-cover dark:bg-slate-800 ${className}`}
    />
  );
}
