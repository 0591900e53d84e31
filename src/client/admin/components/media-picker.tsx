/**
 * Choosing pictures from the media library (the article's picture, a picture, a gallery or a video's poster in the
 * body, a live entry's picture), or uploading a new one: a search over alt, caption, credit and source (folded as the
 * site search folds Arabic), a page of thumbnails, and the chosen picture's details beside them, so its alt text and
 * credit can be written before it is used. A gallery takes several, in the order they were chosen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ImageUp } from 'lucide-react';
import { useDeferredValue, useRef, useState } from 'react';
import { sizedImage } from '../../../shared/media';
import { BLOCK_TITLE_MAX } from '../../../shared/media-blocks';
import type { MediaItem } from '../../../shared/schemas/media';
import { errorText } from '../api/client';
import { mediaKeys, mediaListQuery, uploadImage } from '../api/media';
import { MediaDetailsForm } from './media-details-form';
import { SearchBox } from './search-box';
import { Button, Input, Modal, Pager } from './ui';

const PAGE_SIZE = 24;

export function MediaPicker({
  open,
  title,
  multiple = false,
  min = 1,
  confirmLabel = 'اختيار',
  titleField,
  onClose,
  onPick,
}: {
  open: boolean;
  title: string;
  multiple?: boolean;
  /** The fewest pictures the choice needs (a gallery: 2). */
  min?: number;
  confirmLabel?: string;
  /** A title for what is chosen (a gallery's), with this label. */
  titleField?: string;
  onClose: () => void;
  onPick: (items: MediaItem[], title?: string) => void;
}) {
  return (
    <Modal open={open} title={title} onClose={onClose} wide>
      {open && (
        <PickerBody
          multiple={multiple}
          min={min}
          confirmLabel={confirmLabel}
          titleField={titleField}
          onClose={onClose}
          onPick={onPick}
        />
      )}
    </Modal>
  );
}

function PickerBody({
  multiple,
  min,
  confirmLabel,
  titleField,
  onClose,
  onPick,
}: {
  multiple: boolean;
  min: number;
  confirmLabel: string;
  titleField?: string;
  onClose: () => void;
  onPick: (items: MediaItem[], title?: string) => void;
}) {
  const [blockTitle, setBlockTitle] = useState('');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const q = useDeferredValue(text);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaItem[]>([]);
  const [active, setActive] = useState<MediaItem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const file = useRef<HTMLInputElement>(null);
  const list = useQuery(mediaListQuery({ q, uploader: null, from: '', to: '', page, pageSize: PAGE_SIZE }));

  const toggle = (m: MediaItem) => {
    setActive(m);
    if (!multiple) return setChosen([m]);
    setChosen((old) => (old.some((c) => c.id === m.id) ? old.filter((c) => c.id !== m.id) : [...old, m]));
  };

  const upload = async (f: File | undefined) => {
    if (!f) return;
    setUploadError(undefined);
    setProgress(0);
    try {
      const item = await uploadImage(f, setProgress);
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      setText('');
      setPage(1);
      setActive(item);
      setChosen((old) => (multiple ? [...old, item] : [item]));
    } catch (err) {
      setUploadError(`خطأ في تحميل الصورة: ${errorText(err, 'تعذّر رفع الصورة')}`);
    } finally {
      setProgress(null);
      if (file.current) file.current.value = '';
    }
  };

  /** The chosen pictures as the library has them now (their details may have been saved meanwhile). */
  const latest = (m: MediaItem) => (active?.id === m.id ? active : m);

  return (
    <div className="space-y-3" data-testid="media-picker">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox
          className="min-w-48 flex-1"
          label="ابحث في المكتبة بالوصف أو التعليق أو الحقوق"
          placeholder="ابحث في المكتبة: وصف، تعليق، حقوق…"
          value={text}
          onChange={(v) => {
            setText(v);
            setPage(1);
          }}
        />
        <label className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-bold hover:bg-slate-50 focus-within:outline focus-within:outline-3 focus-within:outline-amber-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800">
          <ImageUp className="size-4" aria-hidden="true" /> رفع صورة جديدة
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className="sr-only"
            data-testid="media-picker-upload"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
      </div>
      {progress !== null && (
        <p role="status" className="text-sm">
          جاري رفع الصورة… {progress}%
        </p>
      )}
      {uploadError && (
        <p role="alert" className="text-sm font-bold text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div>
          {list.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorText(list.error, 'فشل جلب صور المكتبة')}
            </p>
          )}
          {list.data && !list.data.items.length && (
            <p className="p-6 text-center text-slate-600 dark:text-slate-300">
              {q ? 'لا توجد صور تطابق البحث' : 'المكتبة فارغة؛ ارفع أول صورة'}
            </p>
          )}
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="صور المكتبة">
            {list.data?.items.map((m) => {
              const n = chosen.findIndex((c) => c.id === m.id);
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    aria-pressed={n >= 0}
                    onClick={() => toggle(m)}
                    className={`relative block w-full overflow-hidden rounded-md border-2 ${n >= 0 ? 'border-blue-700 ring-2 ring-blue-700/40' : 'border-transparent'}`}
                    data-testid="media-picker-item"
                  >
                    <img
                      src={sizedImage(m.url, 400)}
                      alt={m.alt || m.caption || m.originalName}
                      loading="lazy"
                      className="aspect-[4/3] w-full bg-slate-200 object-cover dark:bg-slate-800"
                    />
                    {n >= 0 && (
                      <span className="absolute end-1 top-1 flex size-6 items-center justify-center rounded-full bg-blue-800 text-xs font-bold text-white">
                        {multiple ? n + 1 : <Check className="size-4" aria-hidden="true" />}
                      </span>
                    )}
                    {!m.alt && (
                      <span className="absolute inset-x-0 bottom-0 bg-amber-100 px-1 text-[11px] font-bold text-amber-900">
                        بلا نص بديل
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {list.data && <Pager info={list.data.info} onPage={setPage} busy={list.isFetching} />}
        </div>
        <div className="min-w-0 rounded-md border border-slate-200 p-3 dark:border-slate-800">
          {active ? (
            <MediaDetailsForm
              key={active.id}
              item={active}
              idPrefix="picker"
              withFocus={false}
              onSaved={(saved) => {
                setActive(saved);
                setChosen((old) => old.map((c) => (c.id === saved.id ? saved : c)));
              }}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              اختر صورة لترى بياناتها: نصها البديل وتعليقها وحقوقها.
            </p>
          )}
        </div>
      </div>
      {titleField && (
        <div className="max-w-md space-y-1">
          <label htmlFor="media-picker-title" className="block text-sm font-bold">
            {titleField}
          </label>
          <Input
            id="media-picker-title"
            maxLength={BLOCK_TITLE_MAX}
            value={blockTitle}
            onChange={(e) => setBlockTitle(e.target.value)}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        {multiple && (
          <span className="me-auto text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {chosen.length ? `اخترت ${chosen.length}` : 'اختر صورتين أو أكثر بالترتيب الذي تظهر به'}
          </span>
        )}
        <Button variant="secondary" onClick={onClose}>
          إلغاء
        </Button>
        <Button
          disabled={chosen.length < min}
          onClick={() => onPick(chosen.map(latest), blockTitle.trim())}
          data-testid="media-picker-confirm"
        >
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
