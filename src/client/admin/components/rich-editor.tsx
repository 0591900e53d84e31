/**
 * The article editor: Quill 2 with SPEC §2's toolbar, right to left, at least 300 px high; history groups
 * changes within 1000 ms, 100 steps. Links only http, https, mailto and tel (a selected e-mail address becomes
 * a mailto: link); pictures go through the image upload and are inserted by URL. Toolbar labels are Arabic
 * (styles.css names the heading picker's options); the default alignment of Arabic text is right, so its button
 * shows the right-align icon.
 */
import 'quill/dist/quill.snow.css';
import './rich-editor.css';
import Quill from 'quill';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { errorText } from '../api/client';
import { uploadImage } from '../api/media';

const Link = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[]; sanitize: (url: string) => string };
Link.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
const icons = Quill.import('ui/icons') as { align: Record<string, string> };
icons.align[''] = icons.align.right!;

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: ['', 'center', 'justify'] }],
  ['link', 'image'],
  ['clean'],
];

/** Arabic names for the toolbar's buttons (tooltips and what a screen reader says). */
const LABELS: [string, string][] = [
  ['.ql-header', 'نوع الفقرة'],
  ['.ql-bold', 'عريض'],
  ['.ql-italic', 'مائل'],
  ['.ql-underline', 'تسطير'],
  ['.ql-strike', 'يتوسطه خط'],
  ['.ql-color', 'لون النص'],
  ['.ql-background', 'لون الخلفية'],
  ['.ql-list[value=ordered]', 'قائمة مرقمة'],
  ['.ql-list[value=bullet]', 'قائمة نقطية'],
  ['.ql-align', 'المحاذاة'],
  ['.ql-link', 'رابط'],
  ['.ql-image', 'صورة'],
  ['.ql-clean', 'إزالة التنسيق'],
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RichEditor({
  value,
  onChange,
  disabled,
  labelledBy,
}: {
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  labelledBy: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = document.createElement('div');
    host.current!.appendChild(el);
    const q = new Quill(el, {
      theme: 'snow',
      placeholder: 'اكتب نص الخبر هنا...',
      modules: {
        toolbar: {
          container: TOOLBAR,
          handlers: {
            link(this: { quill: Quill }, on: boolean) {
              const range = this.quill.getSelection();
              if (!on || !range) return this.quill.format('link', false);
              const text = this.quill.getText(range.index, range.length).trim();
              const url = EMAIL.test(text)
                ? `mailto:${text}`
                : window.prompt('أدخل الرابط (http أو https أو mailto أو tel):', 'https://');
              if (url) this.quill.format('link', url);
            },
            image(this: { quill: Quill }) {
              const input = document.createElement('input');
              input.type = 'file';
              input.accept = 'image/png,image/gif,image/jpeg,image/webp';
              input.onchange = async () => {
                const file = input.files?.[0];
                if (!file) return;
                try {
                  const { url } = await uploadImage(file, () => {});
                  const at = this.quill.getSelection(true)?.index ?? this.quill.getLength();
                  this.quill.insertEmbed(at, 'image', url, 'user');
                } catch (err) {
                  toast.error('خطأ في تحميل الصورة', { description: errorText(err, 'تعذّر رفع الصورة') });
                }
              };
              input.click();
            },
          },
        },
        history: { delay: 1000, maxStack: 100, userOnly: true },
      },
    });
    const toolbar = host.current!.querySelector('.ql-toolbar');
    for (const [selector, label] of LABELS)
      toolbar?.querySelectorAll(selector).forEach((b) => {
        b.setAttribute('title', label);
        b.setAttribute('aria-label', label);
      });
    q.root.setAttribute('dir', 'rtl');
    q.root.setAttribute('aria-labelledby', labelledBy);
    q.root.setAttribute('role', 'textbox');
    q.root.setAttribute('aria-multiline', 'true');
    if (value) q.clipboard.dangerouslyPasteHTML(value, 'silent');
    q.on('text-change', () =>
      onChangeRef.current(q.getText().trim() || q.root.querySelector('img,iframe') ? q.root.innerHTML : ''),
    );
    quill.current = q;
    return () => {
      quill.current = null;
      host.current?.replaceChildren();
    };
    // The editor is created once; later `value` changes come from typing in it.
  }, []);

  useEffect(() => quill.current?.enable(!disabled), [disabled]);

  return <div ref={host} className="rich-editor rounded-md" data-testid="rich-editor" />;
}
