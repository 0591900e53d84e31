/**
 * The full-screen viewer of an article's gallery: yet-another-react-lightbox (kept, accessible: a modal dialog that
 * holds the focus, keyboard arrows and Escape, swipe, announced slides; right to left with the page), with each
 * picture's caption and credit and its place («2 من 5»). Loaded only when a reader opens or reaches a gallery
 * (article-media.ts), and drawn in a root of its own, so the article page holds no state or code for it.
 */
import { createRoot } from 'react-dom/client';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { OpenGallery } from './article-media';

const LABELS = {
  Previous: 'الصورة السابقة',
  Next: 'الصورة التالية',
  Close: 'إغلاق المعرض',
  Lightbox: 'معرض الصور',
  Carousel: 'صور المعرض',
  Slide: 'صورة',
  'Photo gallery': 'معرض الصور',
  '{index} of {total}': '{index} من {total}',
};

export function GalleryViewer({ gallery, onClose }: { gallery: OpenGallery; onClose: () => void }) {
  return (
    <Lightbox
      open
      close={onClose}
      index={gallery.index}
      slides={gallery.slides.map((s) => ({
        src: s.src,
        alt: s.alt,
        width: s.width,
        height: s.height,
        srcSet: s.srcSet,
        description: s.caption || undefined,
      }))}
      plugins={[Captions, Counter]}
      // «2 من 5»: a slash between the numbers («2 / 5») is laid out right to left as «5 / 2», which reads as the wrong
      // fraction; the Arabic word keeps the order (the counter is hidden from screen readers, which hear the label).
      counter={{ separator: 'من' }}
      labels={LABELS}
      carousel={{ finite: gallery.slides.length < 3, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      captions={{ descriptionTextAlign: 'start', descriptionMaxLines: 4 }}
      styles={{ root: { direction: 'rtl' } }}
      className="gallery-viewer"
    />
  );
}

/** Opens the viewer over the page; closing it removes it and gives the focus back to the picture pressed. */
export function openGallery(gallery: OpenGallery) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
    gallery.from.focus();
  };
  root.render(<GalleryViewer gallery={gallery} onClose={close} />);
}
