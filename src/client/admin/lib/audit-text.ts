/**
 * An audit-log entry as an Arabic sentence: who (their full name, «النظام» for the system), an Arabic verb for what
 * they did, and what it was done to by its name (an article's title, a section's name), linked to where it is edited
 * while it still exists. Every action and record the server writes has its words here; anything unknown still reads
 * as Arabic, never as the stored English code.
 */
import type { AdPlacement } from '../../../shared/ads';
import { AD_PLACEMENT_NAMES } from '../../../shared/ads-desk';
import { RECIPIENTS } from '../../../shared/nouns';
import { formatCount, type CountedNoun } from '../../../shared/plural';
import { formatDate, formatDateTime } from '../../../shared/format';
import { ROLE_LABELS, type Role } from '../../../shared/permissions';
import type { AuditEntry } from '../../../shared/schemas/admin';

export interface AuditSentence {
  actor: string;
  /** The verb phrase before the subject. */
  verb: string;
  /** The record's name, shown in «» (null: the sentence names none). */
  subject: string | null;
  /** What follows the subject (a time, a reason), with its leading space. */
  rest: string;
  /** Where the record is edited (only while it exists). */
  href: string | null;
}

const DAYS: CountedNoun = { zero: 'لا أيام', one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يوماً' };

const ENTITY_NOUN: Record<string, string> = {
  news: 'خبر',
  live: 'تغطية مباشرة',
  breaking_news: 'خبر عاجل',
  category: 'تصنيف',
  admin: 'حساب',
  media: 'صورة',
  news_note: 'ملاحظة للقراء',
  editorial_note: 'ملاحظة تحريرية',
  prayer_times: 'مواقيت الصلاة',
  settings: 'الإعدادات',
  session: 'جلسة',
  two_factor: 'التحقق بخطوتين',
  fanout_send: 'عملية إرسال',
  newsletter_subscriber: 'مشترك في النشرة البريدية',
  ad_campaign: 'حملة إعلانية',
  ad_placement: 'مكان إعلاني',
};

/** How a send reached readers, for the sentence («بالبريد»). */
const CHANNEL_WORDS: Record<string, string> = { email: 'بالبريد' };

/** A wrong password or code, by where it was typed (the audit entry's `step`). */
const FAILED_STEP: Record<string, string> = {
  password: 'أخفق في تسجيل الدخول بكلمة مرور خاطئة',
  second_factor: 'أخفق في تسجيل الدخول برمز تحقق خاطئ',
  passkey: 'أخفق في تسجيل الدخول بمفتاح مرور لم يُقبل',
  password_check: 'أدخل كلمة مرور خاطئة عند تأكيد هويته',
  second_factor_check: 'أدخل رمز تحقق خاطئاً عند تأكيد هويته',
  enrolment_code: 'أدخل رمزاً خاطئاً عند تفعيل تطبيق المصادقة',
};

type Details = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const only = (d: Details, key: string) => Object.keys(d).length === 1 && key in d;
const renamed = (v: unknown) =>
  v && typeof v === 'object' && typeof (v as { from?: unknown }).from === 'string'
    ? (v as { from: string; to: string })
    : undefined;

/** The verb phrase and what follows, for each record and action; `named` is false when the record has no name. */
function phrase(e: AuditEntry, d: Details): { verb: string; rest?: string; named?: boolean } {
  const action = e.action;
  switch (e.entity) {
    case 'news': {
      const at = str(d.publishAt);
      const when = at ? ` للنشر في ${formatDateTime(at)}` : ' للنشر';
      switch (action) {
        case 'create':
          if (d.status === 'draft') return { verb: 'أنشأ مسودة الخبر' };
          return {
            verb: 'أضاف الخبر',
            rest:
              d.status === 'published'
                ? ' ونشره'
                : d.status === 'review'
                  ? ' وأرسله للمراجعة'
                  : d.status === 'scheduled'
                    ? ` وجدوله${when}`
                    : '',
          };
        case 'update':
          if (d.featured === true) return { verb: 'ميّز الخبر' };
          if (d.featured === false) return { verb: 'ألغى تمييز الخبر' };
          return { verb: 'عدّل الخبر' };
        case 'publish':
          return { verb: 'نشر الخبر', rest: d.scheduledFor ? ' في موعده المجدول' : '' };
        case 'schedule':
          return { verb: 'جدول الخبر', rest: when };
        case 'review':
          return { verb: 'أرسل الخبر', rest: ' للمراجعة' };
        case 'draft':
          if (d.from === 'draft') return { verb: 'حفظ مسودة الخبر' };
          if (d.from === 'scheduled') return { verb: 'ألغى جدولة الخبر', rest: ' وأعاده إلى المسودات' };
          return { verb: 'أعاد الخبر', rest: ' إلى المسودات' };
        case 'unpublish':
          return { verb: 'ألغى نشر الخبر' };
        case 'restore':
          return { verb: 'استعاد نسخة سابقة من الخبر' };
        case 'delete':
          return { verb: 'حذف الخبر' };
      }
      break;
    }
    case 'live':
      // A coverage (entityId: its article); `entry` names one of its entries.
      if (d.entry !== undefined) {
        if (action === 'create') return { verb: 'نشر تحديثاً في التغطية المباشرة' };
        if (action === 'delete') return { verb: 'حذف تحديثاً من التغطية المباشرة' };
        if (action === 'update') return { verb: 'عدّل تحديثاً في التغطية المباشرة' };
      }
      if (action === 'create') return { verb: 'بدأ التغطية المباشرة' };
      if (action === 'update' && d.state === 'ended') return { verb: 'أنهى التغطية المباشرة' };
      if (action === 'update' && d.state === 'live') return { verb: 'استأنف التغطية المباشرة' };
      if (action === 'update' && 'pinned' in d)
        return {
          verb: d.pinned === null ? 'ألغى تثبيت التحديث في التغطية المباشرة' : 'ثبّت تحديثاً في التغطية المباشرة',
        };
      break;
    case 'breaking_news':
      if (action === 'create') return { verb: 'أضاف الخبر العاجل' };
      if (action === 'delete') return { verb: 'حذف الخبر العاجل' };
      if (action === 'update' && only(d, 'isActive'))
        return { verb: d.isActive ? 'فعّل الخبر العاجل' : 'أوقف الخبر العاجل' };
      if (action === 'update') return { verb: 'عدّل الخبر العاجل' };
      break;
    case 'category': {
      if (action === 'create') return { verb: 'أضاف التصنيف' };
      if (action === 'delete') return { verb: 'حذف التصنيف' };
      const name = renamed(d.name);
      if (action === 'update' && name && d.reason === 'duplicate')
        return { verb: 'غيّر اسم التصنيف', rest: ` لأن اسمه «${name.from}» مكرر` };
      if (action === 'update' && d.move === 'up') return { verb: 'نقل التصنيف', rest: ' إلى الأعلى' };
      if (action === 'update' && d.move === 'down') return { verb: 'نقل التصنيف', rest: ' إلى الأسفل' };
      if (action === 'update' && only(d, 'isActive')) return { verb: d.isActive ? 'فعّل التصنيف' : 'عطّل التصنيف' };
      if (action === 'update' && only(d, 'position')) return { verb: 'غيّر ترتيب التصنيف' };
      if (action === 'update') return { verb: 'عدّل التصنيف' };
      break;
    }
    case 'admin': {
      if (action === 'create') {
        const role = str(d.role) as Role | undefined;
        return { verb: 'أضاف حساب', rest: role && ROLE_LABELS[role] ? ` بصلاحية ${ROLE_LABELS[role]}` : '' };
      }
      if (action === 'delete') return { verb: 'حذف حساب' };
      const email = renamed(d.email);
      if (action === 'update' && email)
        return { verb: 'غيّر البريد الإلكتروني لحساب', rest: ` لأنه مكرر؛ صار ${email.to}` };
      if (action === 'update' && d.password === 'changed by owner') return { verb: 'غيّر كلمة مروره', named: false };
      if (action === 'update' && d.password) return { verb: 'غيّر كلمة مرور حساب' };
      if (action === 'update' && d.profile) return { verb: 'عدّل ملفه الشخصي', named: false };
      if (action === 'lock')
        return { verb: 'قُفل حسابه أمام الأجهزة الجديدة بعد محاولات دخول خاطئة كثيرة', named: false };
      if (action === 'unlock') return { verb: 'رفع قفل الدخول عن حساب' };
      if (action === 'update') return { verb: 'عدّل حساب' };
      break;
    }
    case 'prayer_times':
      if (action === 'import') {
        const days = typeof d.days === 'number' ? d.days : undefined;
        const range =
          str(d.from) && str(d.to)
            ? ` من ${formatDate(`${d.from}T12:00:00Z`)} إلى ${formatDate(`${d.to}T12:00:00Z`)}`
            : '';
        return {
          verb: 'استورد مواقيت الصلاة',
          rest: days !== undefined ? ` (${formatCount(days, DAYS)}${range})` : '',
          named: false,
        };
      }
      if (action === 'update')
        return {
          verb: 'عدّل مواقيت الصلاة',
          rest: str(d.date) ? ` ليوم ${formatDate(`${d.date}T12:00:00Z`)}` : '',
          named: false,
        };
      break;
    case 'media':
      if (action === 'create') return { verb: 'رفع الصورة' };
      if (action === 'update') return { verb: 'عدّل بيانات الصورة' };
      if (action === 'delete') return { verb: 'حذف الصورة' };
      break;
    case 'fanout_send': {
      const how = CHANNEL_WORDS[str(d.channel) ?? ''] ?? (str(d.channel) ? `عبر ${d.channel}` : '');
      const to = typeof d.queued === 'number' ? ` إلى ${formatCount(d.queued, RECIPIENTS)}` : '';
      if (action === 'update' && d.state === 'cancelled') return { verb: 'أوقف إرسال' };
      if (action !== 'create') break;
      if (d.kind === 'digest') return { verb: 'أرسل النشرة اليومية', rest: to };
      if (d.kind === 'campaign') return { verb: 'أرسل حملة تأكيد الاشتراك', rest: to, named: false };
      if (d.kind === 'breaking') return { verb: `أرسل ${how} الخبر العاجل`, rest: to };
      return { verb: `أرسل ${how} الخبر`, rest: to };
    }
    case 'newsletter_subscriber':
      if (action === 'delete')
        return { verb: 'حذف مشتركاً من النشرة البريدية', rest: e.entityId ? ` (رقم ${e.entityId})` : '', named: false };
      break;
    case 'news_note': {
      const label = str(d.label) ?? 'ملاحظة';
      if (action === 'create') return { verb: `أضاف ${label}اً إلى الخبر`, rest: str(d.text) ? `: ${d.text}` : '' };
      if (action === 'delete')
        return { verb: `أزال ${label}اً من الخبر`, rest: str(d.reason) ? ` (السبب: ${d.reason})` : '' };
      break;
    }
    case 'ad_campaign':
      if (action === 'create') return { verb: 'أنشأ الحملة الإعلانية' };
      if (action === 'update') return { verb: d.paused ? 'عدّل الحملة الإعلانية (موقوفة)' : 'عدّل الحملة الإعلانية' };
      if (action === 'delete') return { verb: 'حذف الحملة الإعلانية' };
      break;
    case 'ad_placement': {
      const label = AD_PLACEMENT_NAMES[str(d.key) as AdPlacement].label ?? str(d.key) ?? '';
      const state = d.enabled === false ? ' (أوقفه)' : d.enabled === true ? ' (مفعّل)' : '';
      return { verb: `عدّل المكان الإعلاني «${label}»`, rest: state, named: false };
    }
    case 'editorial_note':
      if (action === 'create') return { verb: 'كتب ملاحظة تحريرية على الخبر', rest: str(d.text) ? `: ${d.text}` : '' };
      if (action === 'update')
        return { verb: d.resolved ? 'علّم ملاحظة تحريرية منجزة على الخبر' : 'أعاد فتح ملاحظة تحريرية على الخبر' };
      break;
    case 'settings':
      if (action === 'update' && e.entityId === 'newsletter')
        return { verb: 'عدّل إعدادات النشرة البريدية', named: false };
      if (action === 'update' && e.entityId === 'security') return { verb: 'عدّل سياسة التحقق بخطوتين', named: false };
      if (action === 'update') return { verb: 'عدّل إعدادات الموقع', named: false };
      break;
    case 'session': {
      const from = str(d.address) ? ` من العنوان ${d.address}` : '';
      if (action === 'login')
        return { verb: d.method === 'passkey' ? 'سجّل الدخول بمفتاح مرور' : 'سجّل الدخول', named: false };
      if (action === 'login_failed')
        return { verb: FAILED_STEP[str(d.step) ?? ''] ?? 'أخفق في تسجيل الدخول', rest: from, named: false };
      if (action === 'logout' && d.others) return { verb: 'أنهى جلساته الأخرى', named: false };
      if (action === 'logout') return { verb: e.entityId ? 'أنهى إحدى جلساته' : 'سجّل الخروج', named: false };
      break;
    }
    case 'two_factor': {
      const passkey = d.method === 'passkey';
      const name = str(d.name) ? ` «${d.name}»` : '';
      if (action === 'enable')
        return passkey
          ? { verb: 'أضاف مفتاح مرور', rest: name, named: false }
          : { verb: 'فعّل التحقق بخطوتين بتطبيق المصادقة', named: false };
      if (action === 'disable')
        return passkey
          ? { verb: 'حذف مفتاح المرور', rest: name, named: false }
          : { verb: 'أزال تطبيق المصادقة من حسابه', named: false };
      if (action === 'update' && d.recoveryCodes) return { verb: 'أنشأ رموز استرداد جديدة', named: false };
      if (action === 'recovery_used') return { verb: 'دخل برمز استرداد', named: false };
      if (action === 'reset')
        return { verb: 'أعاد ضبط التحقق بخطوتين لحساب', rest: e.entityId ? ` رقم ${e.entityId}` : '', named: false };
      break;
    }
  }
  const noun = ENTITY_NOUN[e.entity];
  return { verb: noun ? `أجرى تغييراً على ${noun}` : 'أجرى تغييراً' };
}

const EDIT_PAGES: Record<string, (id: string) => string> = {
  news: (id) => `/admin/news?edit=${encodeURIComponent(id)}`,
  live: (id) => `/admin/live/${encodeURIComponent(id)}`,
  news_note: (id) => `/admin/news?edit=${encodeURIComponent(id)}`,
  editorial_note: (id) => `/admin/news?edit=${encodeURIComponent(id)}`,
  media: () => '/admin/media',
  breaking_news: () => '/admin/breaking-news',
  category: () => '/admin/categories',
  ad_campaign: () => '/admin/ads',
};

export function auditSentence(e: AuditEntry): AuditSentence {
  const d = (e.details && typeof e.details === 'object' ? e.details : {}) as Details;
  const { verb, rest = '', named = true } = phrase(e, d);
  const subject = named ? (e.subject ?? (e.entity === 'news' ? 'خبر محذوف' : null)) : null;
  const page = EDIT_PAGES[e.entity];
  return {
    actor: e.actorName,
    verb,
    subject,
    rest,
    href: subject && e.subjectExists && e.entityId && page ? page(e.entityId) : null,
  };
}
