/**
 * The article editor: Quill 2 with SPEC §2's toolbar, right to left, at least 300 px high; history groups
 * changes within 1000 ms, 100 steps. Links only http, https, mailto and tel (a selected e-mail address becomes
 * a mailto: link). Pictures, galleries and YouTube videos come from the media library (media-blots.ts): the toolbar's
 * picture, gallery and video buttons open the library (where a new picture can be uploaded too) and put a block at
 * the caret. Toolbar labels are Arabic
 * (styles.css names the heading picker's options); the default alignment of Arabic text is right, so its button
 * shows the right-align icon.
 *
 * What it may hold comes from the rule set the server stores bodies with (src/shared/article-html.ts): the formats
 * it registers, the palette of its colour pickers, and what a paste becomes (cleanPastedHtml: Word, Google Docs and
 * web pages lose their colours, fonts, sizes and alignment and keep paragraphs, headings, lists, links and tables).
 * Tables use Quill's table module: a pasted table shows as a grid whose cells are edited in place (Tab moves on);
 * while the caret is in one, a bar under the toolbar adds or deletes rows and columns, or the table.
 *
 * `compact` is the live desk's box: a few lines high, bold, links and lists only (a paste keeps only those), no
 * tables or pictures (an entry's picture is a field of its own).
 */
import 'quill/dist/quill.snow.css';
import './rich-editor.css';
import Quill, { type Range } from 'quill';
import type QuillClipboard from 'quill/modules/clipboard';
import type QuillTable from 'quill/modules/table';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ARTICLE_PALETTE, cleanPastedHtml, EDITOR_FORMATS } from '../../../shared/article-html';
import { rememberMedia, type MediaBlockValue } from './media-blots';
import { MediaPicker } from './media-picker';
import { VideoDialog } from './video-dialog';

const Link = Quill.import('formats/link') as { PROTOCOL_WHITELIST: string[]; sanitize: (url: string) => string };
Link.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
const icons = Quill.import('ui/icons') as { align: Record<string, string> };
icons.align[''] = icons.align.right!;

const Clipboard = Quill.import('modules/clipboard') as typeof QuillClipboard;

/**
 * Pastes go through the shared rules before Quill reads them, so only the editor's own vocabulary arrives (the
 * stored body loaded with dangerouslyPasteHTML is not a paste and keeps the editor's colours). Inside a table cell,
 * which holds one line, a paste is its text on that line.
 */
class ArticleClipboard extends Clipboard {
  override onPaste(range: Range, { text, html }: { text?: string; html?: string }) {
    let clean: string | undefined;
    try {
      clean = html ? cleanPastedHtml(html) : undefined;
    } catch {
      clean = undefined; // markup too deep to walk (thousands of nested tags): its text is pasted instead
    }
    if (this.quill.getFormat(range.index).table) {
      const plain = text ?? new DOMParser().parseFromString(clean ?? '', 'text/html').body.textContent;
      return super.onPaste(range, { text: (plain ?? '').replace(/\s+/g, ' ').trim() });
    }
    super.onPaste(range, { text, html: clean });
  }
}
Quill.register('modules/clipboard', ArticleClipboard, true);

/** The palette for the text colour (black is "no colour") and the background (white is "no background"). */
const palette = (none: string) => ARTICLE_PALETTE.map((c) => (c === none ? false : c));

/** The compact box's toolbar and formats: what a short live update needs, nothing to slow it down. */
const COMPACT_TOOLBAR = [
  ['bold', 'link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
];
const COMPACT_FORMATS = EDITOR_FORMATS.filter((f) => f === 'bold' || f === 'link' || f === 'list');

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: palette('#000000') }, { background: palette('#ffffff') }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: ['', 'center', 'justify'] }],
  ['link', 'image', 'gallery', 'youtube'],
  ['clean'],
];

/** The toolbar's own buttons for the library's blocks (Quill has no icon for them). */
const ICONS: [string, string][] = [
  [
    '.ql-gallery',
    '<svg viewBox="0 0 18 18"><rect class="ql-stroke" x="2" y="4" width="11" height="9" rx="1"/><path class="ql-stroke" d="M5 15h10a1 1 0 0 0 1-1V6"/><circle class="ql-fill" cx="6" cy="7" r="1"/><path class="ql-stroke" d="M3 12l3-3 2 2 2-2 3 3"/></svg>',
  ],
  [
    '.ql-youtube',
    '<svg viewBox="0 0 18 18"><rect class="ql-stroke" x="2" y="4" width="14" height="10" rx="2"/><path class="ql-fill" d="M8 6.5v5l4-2.5z"/></svg>',
  ],
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
  ['.ql-image', 'صورة من المكتبة'],
  ['.ql-gallery', 'معرض صور'],
  ['.ql-youtube', 'فيديو يوتيوب'],
  ['.ql-clean', 'إزالة التنسيق'],
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The table bar's buttons: Quill's table module does the work. In a right-to-left table "after" is to the left. */
const TABLE_ACTIONS: [label: string, run: (t: QuillTable) => void][] = [
  ['إضافة صف', (t) => t.insertRowBelow()],
  ['إضافة عمود', (t) => t.insertColumnRight()],
  ['حذف الصف', (t) => t.deleteRow()],
  ['حذف العمود', (t) => t.deleteColumn()],
  ['حذف الجدول', (t) => t.deleteTable()],
];

export function RichEditor({
  value,
  onChange,
  disabled,
  labelledBy,
  compact = false,
  placeholder = 'اكتب نص الخبر هنا...',
}: {
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  labelledBy: string;
  /** The live desk's short box: bold, links and lists only, no tables or pictures. */
  compact?: boolean;
  placeholder?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [tableBar, setTableBar] = useState<HTMLElement | null>(null);
  const [inTable, setInTable] = useState(false);
  /** A library dialog opened from the toolbar, and where in the text its block goes. */
  const [dialog, setDialog] = useState<'figure' | 'gallery' | 'video' | null>(null);
  const insertAt = useRef(0);
  const openDialog = useRef((kind: 'figure' | 'gallery' | 'video') => {
    const q = quill.current;
    if (!q) return;
    insertAt.current = q.getSelection(true)?.index ?? q.getLength();
    setDialog(kind);
  });

  useEffect(() => {
    const el = document.createElement('div');
    host.current!.appendChild(el);
    const q = new Quill(el, {
      theme: 'snow',
      placeholder,
      formats: compact ? [...COMPACT_FORMATS] : [...EDITOR_FORMATS],
      modules: {
        toolbar: {
          container: compact ? COMPACT_TOOLBAR : TOOLBAR,
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
            image: () => openDialog.current('figure'),
            gallery: () => openDialog.current('gallery'),
            youtube: () => openDialog.current('video'),
          },
        },
        history: { delay: 1000, maxStack: 100, userOnly: true },
        table: !compact,
      },
    });
    const toolbar = host.current!.querySelector('.ql-toolbar');
    const bar = document.createElement('div');
    toolbar?.after(bar);
    setTableBar(bar);
    q.on('editor-change', () => {
      const range = q.getSelection();
      if (!range && bar.contains(document.activeElement)) return; // focus went to the table bar: keep it
      setInTable(!!range && !!q.getFormat(range).table);
    });
    bar.addEventListener('focusout', (e) => {
      const to = e.relatedTarget as Node | null;
      if (!to || !(bar.contains(to) || q.root.contains(to))) setInTable(false);
    });
    for (const [selector, svg] of ICONS) toolbar?.querySelectorAll(selector).forEach((b) => (b.innerHTML = svg));
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
      onChangeRef.current(q.getText().trim() || q.root.querySelector('img,iframe,figure') ? q.root.innerHTML : ''),
    );
    quill.current = q;
    return () => {
      quill.current = null;
      host.current?.replaceChildren();
    };
    // The editor is created once; later `value` changes come from typing in it.
  }, []);

  useEffect(() => quill.current?.enable(!disabled), [disabled]);

  /** Puts a library block where the caret was when the dialog opened. */
  const insertBlock = (value: MediaBlockValue) => {
    setDialog(null);
    const q = quill.current;
    if (!q) return;
    const at = Math.min(insertAt.current, q.getLength());
    q.insertEmbed(at, 'mediablock', value, 'user');
    q.setSelection(at + 1, 0, 'user');
  };

  const runTableAction = (run: (t: QuillTable) => void) => {
    const q = quill.current;
    if (!q) return;
    q.focus(); // the module acts on the editor's selection, which a click on a button (or Tab to it) took away
    run(q.getModule('table') as QuillTable);
  };

  return (
    <div
      ref={host}
      className={`rich-editor rounded-md${compact ? ' rich-editor-compact' : ''}`}
      data-testid="rich-editor"
    >
      {tableBar &&
        inTable &&
        !disabled &&
        createPortal(
          <div role="toolbar" aria-label="أدوات الجدول" className="rich-editor-table-bar" data-testid="table-bar">
            {TABLE_ACTIONS.map(([label, run]) => (
              <button
                key={label}
                type="button"
                // Keeps the caret in the cell for a mouse click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => runTableAction(run)}
              >
                {label}
              </button>
            ))}
          </div>,
          tableBar,
        )}
      {!compact && (
        <>
          <MediaPicker
            open={dialog === 'figure'}
            title="إدراج صورة من المكتبة"
            confirmLabel="إدراج الصورة"
            onClose={() => setDialog(null)}
            onPick={(items) => {
              rememberMedia(items);
              if (items[0]) insertBlock({ kind: 'figure', id: items[0].id });
            }}
          />
          <MediaPicker
            open={dialog === 'gallery'}
            title="إدراج معرض صور"
            confirmLabel="إدراج المعرض"
            multiple
            min={2}
            titleField="عنوان المعرض (اختياري)"
            onClose={() => setDialog(null)}
            onPick={(items, title) => {
              rememberMedia(items);
              insertBlock({ kind: 'gallery', ids: items.map((m) => m.id), title: title ?? '' });
            }}
          />
          <VideoDialog
            open={dialog === 'video'}
            onClose={() => setDialog(null)}
            onInsert={(video) => insertBlock({ kind: 'youtube', ...video })}
          />
        </>
      )}
    </div>
  );
}
