/**
 * A picture field (the article's picture, a live entry's, a staff photo): choose one from the media library or upload
 * a new one (progress shown; it joins the library), or give an address. A library picture shows its details under
 * it (alt text, caption, credit, source, focal point), so a photo editor credits the agency and writes the alt text
 * where the picture is used. A refused upload says why next to the field and clears the chosen file, so nobody thinks
 * it worked; a file too large or of another type is refused as soon as it is chosen, with the server's message.
 */
import { useQuery } from '@tanstack/react-query';
import { ImageUp, Library } from 'lucide-react';
import { useRef, useState } from 'react';
import { ownMediaFile, PLACEHOLDER_IMAGE, sizedImage } from '../../../shared/media';
import type { MediaItem } from '../../../shared/schemas/media';
import { errorText } from '../api/client';
import { mediaDetailQuery, uploadImage } from '../api/media';
import { MediaDetailsForm } from './media-details-form';
import { MediaPicker } from './media-picker';
import { Button, described, Field, Input } from './ui';

export function ImageField({
  value,
  onChange,
  error,
  onUploading,
  label = 'صورة الخبر',
  idPrefix = 'news-image',
  allowUrl = true,
  library = true,
  onPicked,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  onUploading: (busy: boolean) => void;
  label?: string;
  idPrefix?: string;
  /** Also offer a URL field (article images; an avatar must be uploaded). */
  allowUrl?: boolean;
  /** Offer the media library and show the picture's details (not for a staff photo). */
  library?: boolean;
  /** Told the library picture chosen or uploaded (a live entry takes its caption and credit). */
  onPicked?: (item: MediaItem) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const [fileName, setFileName] = useState<string>();
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mediaId = library && value ? ownMediaFile(value)?.id : undefined;
  const details = useQuery({ ...mediaDetailQuery(mediaId ?? ''), enabled: !!mediaId });

  const refuse = (message: string) => {
    setUploadError(`خطأ في تحميل الصورة: ${message}`);
    setFileName(undefined);
    if (input.current) input.current.value = '';
  };

  const use = (item: MediaItem) => {
    onChange(item.url);
    onPicked?.(item);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(undefined);
    setFileName(file.name);
    setProgress(0);
    onUploading(true);
    try {
      use(await uploadImage(file, setProgress));
    } catch (err) {
      refuse(errorText(err, 'تعذّر رفع الصورة'));
    } finally {
      setProgress(null);
      onUploading(false);
    }
  };

  return (
    <div className="space-y-3">
      <Field
        label={label}
        id={`${idPrefix}-file`}
        hint="JPG أو PNG أو GIF أو WebP، حتى 10 ميغابايت"
        error={uploadError}
      >
        <div className="flex flex-wrap items-center gap-3">
          {library && (
            <Button variant="secondary" onClick={() => setPicking(true)} data-testid={`${idPrefix}-library`}>
              <Library className="size-4" aria-hidden="true" /> اختيار من المكتبة
            </Button>
          )}
          <label
            htmlFor={`${idPrefix}-file`}
            className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-bold hover:bg-slate-50 focus-within:outline focus-within:outline-3 focus-within:outline-amber-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            <ImageUp className="size-4" aria-hidden="true" /> {library ? 'رفع صورة جديدة' : 'اختيار صورة من الجهاز'}
            <input
              ref={input}
              id={`${idPrefix}-file`}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              onChange={(e) => void upload(e.target.files?.[0])}
              className="sr-only"
              {...described(`${idPrefix}-file`, uploadError, true)}
            />
          </label>
          <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {fileName ?? 'لم يتم اختيار ملف'}
          </span>
        </div>
        {progress !== null && (
          <div
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="تقدم رفع الصورة"
          >
            <div className="h-2 rounded bg-slate-200 dark:bg-slate-700">
              <div className="h-2 rounded bg-blue-800 transition-all" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-xs">{progress}%</p>
          </div>
        )}
      </Field>
      {allowUrl ? (
        <Field label="أو رابط صورة" id={`${idPrefix}-url`} error={error}>
          <Input
            id={`${idPrefix}-url`}
            dir="ltr"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder="https://"
            {...described(`${idPrefix}-url`, error)}
          />
        </Field>
      ) : (
        error && (
          <p role="alert" className="text-xs font-bold text-red-700 dark:text-red-400">
            {error}
          </p>
        )
      )}
      {value && (
        <img
          src={sizedImage(value, 400)}
          alt="معاينة الصورة"
          className="h-32 rounded object-cover"
          onError={(e) => ((e.target as HTMLImageElement).src = PLACEHOLDER_IMAGE)}
        />
      )}
      {details.data && (
        <details
          open={!details.data.alt}
          className="rounded-md border border-slate-200 p-3 dark:border-slate-800"
          data-testid={`${idPrefix}-details-box`}
        >
          <summary className="cursor-pointer text-sm font-bold">
            بيانات الصورة
            {!details.data.alt && <span className="text-amber-800 dark:text-amber-300"> — بلا نص بديل بعد</span>}
          </summary>
          <div className="mt-3">
            <MediaDetailsForm key={details.data.id} item={details.data} idPrefix={`${idPrefix}-media`} />
          </div>
        </details>
      )}
      {library && (
        <MediaPicker
          open={picking}
          title="اختيار صورة من المكتبة"
          onClose={() => setPicking(false)}
          onPick={([item]) => {
            setPicking(false);
            if (item) use(item);
          }}
        />
      )}
    </div>
  );
}
