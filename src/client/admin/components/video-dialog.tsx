/**
 * A YouTube video in the body: its address (any YouTube form: watch, youtu.be, shorts, embed), a title readers see
 * under it and hear on its play button, and an optional poster from the media library. Readers get the poster and a
 * play button; the player (from youtube-nocookie.com) loads only when they press it.
 */
import { useState } from 'react';
import { sizedImage } from '../../../shared/media';
import { BLOCK_TITLE_MAX, youtubeIdOf } from '../../../shared/media-blocks';
import type { MediaItem } from '../../../shared/schemas/media';
import { rememberMedia } from './media-blots';
import { MediaPicker } from './media-picker';
import { Button, described, Field, Input, Modal } from './ui';

export function VideoDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (v: { video: string; title: string; poster?: string }) => void;
}) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [poster, setPoster] = useState<MediaItem | null>(null);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string>();

  const reset = () => {
    setUrl('');
    setTitle('');
    setPoster(null);
    setError(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };
  const insert = () => {
    const video = youtubeIdOf(url);
    if (!video) return setError('أدخل رابط فيديو من يوتيوب، مثل https://www.youtube.com/watch?v=…');
    onInsert({ video, title: title.trim(), ...(poster ? { poster: poster.id } : {}) });
    reset();
  };

  return (
    <Modal open={open} title="إدراج فيديو يوتيوب" onClose={close}>
      <div className="space-y-3">
        <Field label="رابط الفيديو" id="video-url" error={error}>
          <Input
            id="video-url"
            dir="ltr"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            {...described('video-url', error)}
          />
        </Field>
        <Field label="عنوان الفيديو" id="video-title" hint="يظهر تحته ويُقرأ على زر التشغيل">
          <Input
            id="video-title"
            maxLength={BLOCK_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-describedby="video-title-hint"
          />
        </Field>
        <div className="space-y-1">
          <p className="text-sm font-bold">صورة الغلاف (اختياري)</p>
          <div className="flex flex-wrap items-center gap-2">
            {poster && <img src={sizedImage(poster.url, 400)} alt="" className="h-16 rounded object-cover" />}
            <Button variant="secondary" onClick={() => setPicking(true)}>
              {poster ? 'تغيير الغلاف' : 'اختيار من المكتبة'}
            </Button>
            {poster && (
              <Button variant="ghost" onClick={() => setPoster(null)}>
                بلا غلاف
              </Button>
            )}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            بلا غلاف يظهر رسم الموقع: لا يُطلب شيء من يوتيوب قبل أن يضغط القارئ زر التشغيل.
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            إلغاء
          </Button>
          <Button onClick={insert} data-testid="video-insert">
            إدراج الفيديو
          </Button>
        </div>
      </div>
      <MediaPicker
        open={picking}
        title="اختيار صورة غلاف للفيديو"
        onClose={() => setPicking(false)}
        onPick={([item]) => {
          setPicking(false);
          if (!item) return;
          rememberMedia([item]);
          setPoster(item);
        }}
      />
    </Modal>
  );
}
