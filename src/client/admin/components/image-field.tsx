/**
 * The article image: upload a file (progress shown, the stored URL filled in) or give a URL. A refused upload says
 * why next to the field and clears the chosen file, so nobody thinks it worked. A file too large or of another type
 * is refused as soon as it is chosen, with the server's message, without uploading it.
 */
import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { PLACEHOLDER_IMAGE, sizedImage } from '../../../shared/media';
import { errorText } from '../api/client';
import { uploadImage } from '../api/media';
import { described, Field, Input } from './ui';

export function ImageField({
  value,
  onChange,
  error,
  onUploading,
  label = 'صورة الخبر',
  idPrefix = 'news-image',
  allowUrl = true,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  onUploading: (busy: boolean) => void;
  label?: string;
  idPrefix?: string;
  /** Also offer a URL field (article images; an avatar must be uploaded). */
  allowUrl?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string>();
  const [fileName, setFileName] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setUploadError(`خطأ في تحميل الصورة: ${message}`);
    setFileName(undefined);
    if (input.current) input.current.value = '';
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(undefined);
    setFileName(file.name);
    setProgress(0);
    onUploading(true);
    try {
      const { url } = await uploadImage(file, setProgress);
      onChange(url);
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
          <label
            htmlFor={`${idPrefix}-file`}
            className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-bold hover:bg-slate-50 focus-within:outline focus-within:outline-3 focus-within:outline-amber-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            <ImageUp className="size-4" aria-hidden="true" /> اختيار صورة من الجهاز
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
    </div>
  );
}
