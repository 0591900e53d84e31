import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/admin';
import { auditSentence, type AuditSentence } from './audit-text';

/** The sentence as plain text (what a screen reader hears). */
const auditText = (s: AuditSentence) => `${s.actor} ${s.verb}${s.subject !== null ? ` «${s.subject}»` : ''}${s.rest}`;

const entry = (e: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  adminUsername: 'khaled',
  actorName: 'خالد المبروك',
  subject: null,
  subjectExists: false,
  action: 'update',
  entity: 'news',
  entityId: '62',
  details: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...e,
});

describe('audit entries as Arabic sentences', () => {
  it('names the actor, says the action with an Arabic verb and links the article by its title', () => {
    const s = auditSentence(
      entry({ action: 'restore', subject: 'ارتفاع أسعار الوقود', subjectExists: true, details: { revision: 5 } }),
    );
    expect(auditText(s)).toBe('خالد المبروك استعاد نسخة سابقة من الخبر «ارتفاع أسعار الوقود»');
    expect(s.href).toBe('/admin/news?edit=62');
    expect(auditText(s)).not.toMatch(/#62|restore/);
  });

  it('says «النظام» for the scheduler and no link for what is gone', () => {
    const s = auditSentence(
      entry({
        actorName: 'النظام',
        adminUsername: 'system',
        action: 'publish',
        subject: 'خبر مجدول',
        details: { title: 'خبر مجدول', scheduledFor: '2026-03-01T10:00:00.000Z' },
      }),
    );
    expect(auditText(s)).toBe('النظام نشر الخبر «خبر مجدول» في موعده المجدول');
    expect(s.href).toBeNull();
    expect(auditText(auditSentence(entry({ action: 'delete', subject: null })))).toBe(
      'خالد المبروك حذف الخبر «خبر محذوف»',
    );
  });

  it('has Arabic words for every action the server records', () => {
    const cases: [Partial<AuditEntry>, string][] = [
      [{ action: 'create', details: { status: 'published' }, subject: 'س' }, 'أضاف الخبر «س» ونشره'],
      [{ action: 'create', details: { status: 'review' }, subject: 'س' }, 'أضاف الخبر «س» وأرسله للمراجعة'],
      [{ action: 'create', details: { status: 'draft' }, subject: 'س' }, 'أنشأ مسودة الخبر «س»'],
      [{ action: 'review', subject: 'س' }, 'أرسل الخبر «س» للمراجعة'],
      [{ action: 'draft', details: { from: 'review' }, subject: 'س' }, 'أعاد الخبر «س» إلى المسودات'],
      [{ action: 'unpublish', subject: 'س' }, 'ألغى نشر الخبر «س»'],
      [{ action: 'update', details: { featured: true }, subject: 'س' }, 'ميّز الخبر «س»'],
      [{ entity: 'breaking_news', action: 'create', subject: 'ع' }, 'أضاف الخبر العاجل «ع»'],
      [
        { entity: 'breaking_news', action: 'update', details: { isActive: false }, subject: 'ع' },
        'أوقف الخبر العاجل «ع»',
      ],
      [
        { entity: 'category', action: 'update', details: { move: 'up' }, subject: 'اقتصاد' },
        'نقل التصنيف «اقتصاد» إلى الأعلى',
      ],
      [{ entity: 'category', action: 'delete', subject: 'economy' }, 'حذف التصنيف «economy»'],
      [
        { entity: 'admin', action: 'create', details: { role: 'writer' }, subject: 'سارة' },
        'أضاف حساب «سارة» بصلاحية كاتب',
      ],
      [
        { entity: 'admin', action: 'update', details: { password: 'changed' }, subject: 'سارة' },
        'غيّر كلمة مرور حساب «سارة»',
      ],
      [{ entity: 'admin', action: 'update', details: { password: 'changed by owner' } }, 'غيّر كلمة مروره'],
      [{ entity: 'session', action: 'login', entityId: null }, 'سجّل الدخول'],
      [{ entity: 'session', action: 'logout', entityId: null }, 'سجّل الخروج'],
      [{ entity: 'settings', action: 'update', entityId: 'site' }, 'عدّل إعدادات الموقع'],
      [{ entity: 'media', action: 'create', subject: 'photo.png' }, 'رفع الصورة «photo.png»'],
      [{ entity: 'ad_campaign', action: 'create', subject: 'حملة الادخار' }, 'أنشأ الحملة الإعلانية «حملة الادخار»'],
      [{ entity: 'ad_campaign', action: 'delete', subject: 'حملة الادخار' }, 'حذف الحملة الإعلانية «حملة الادخار»'],
      [
        { entity: 'ad_placement', action: 'update', entityId: 'header', details: { key: 'header', enabled: false } },
        'عدّل المكان الإعلاني «أعلى الصفحة» (أوقفه)',
      ],
      [
        {
          entity: 'prayer_times',
          action: 'import',
          entityId: null,
          details: { days: 365, from: '2026-01-01', to: '2026-12-31' },
        },
        'استورد مواقيت الصلاة (365 يوماً من 1 يناير 2026 إلى 31 ديسمبر 2026)',
      ],
      [
        {
          entity: 'session',
          action: 'login_failed',
          entityId: null,
          details: { step: 'password', address: '192.0.2.7' },
        },
        'أخفق في تسجيل الدخول بكلمة مرور خاطئة من العنوان 192.0.2.7',
      ],
      [{ entity: 'admin', action: 'lock' }, 'قُفل حسابه أمام الأجهزة الجديدة بعد محاولات دخول خاطئة كثيرة'],
      [{ entity: 'admin', action: 'unlock', subject: 'سارة' }, 'رفع قفل الدخول عن حساب «سارة»'],
      [{ entity: 'two_factor', action: 'enable', details: { method: 'totp' } }, 'فعّل التحقق بخطوتين بتطبيق المصادقة'],
      [
        { entity: 'two_factor', action: 'enable', details: { method: 'passkey', name: 'هاتفي' } },
        'أضاف مفتاح مرور «هاتفي»',
      ],
      [{ entity: 'two_factor', action: 'recovery_used' }, 'دخل برمز استرداد'],
      [{ entity: 'two_factor', action: 'reset', entityId: '7' }, 'أعاد ضبط التحقق بخطوتين لحساب رقم 7'],
      [{ entity: 'settings', action: 'update', entityId: 'security' }, 'عدّل سياسة التحقق بخطوتين'],
      [{ entity: 'settings', action: 'update', entityId: 'newsletter' }, 'عدّل إعدادات النشرة البريدية'],
      [
        {
          entity: 'fanout_send',
          action: 'create',
          details: { channel: 'email', kind: 'article', queued: 3 },
          subject: 'نهائي الكأس',
        },
        'أرسل بالبريد الخبر «نهائي الكأس» إلى 3 مستلمين',
      ],
      [
        {
          entity: 'fanout_send',
          action: 'create',
          details: { channel: 'email', kind: 'breaking', queued: 1 },
          subject: 'ع',
        },
        'أرسل بالبريد الخبر العاجل «ع» إلى مستلم واحد',
      ],
      [
        {
          entity: 'fanout_send',
          action: 'create',
          details: { channel: 'email', kind: 'digest', queued: 120 },
          subject: 'أبرز أخبار الخميس',
        },
        'أرسل النشرة اليومية «أبرز أخبار الخميس» إلى 120 مستلماً',
      ],
      [
        { entity: 'fanout_send', action: 'create', details: { channel: 'email', kind: 'campaign', queued: 2 } },
        'أرسل حملة تأكيد الاشتراك إلى مستلمَين',
      ],
      [{ entity: 'fanout_send', action: 'update', details: { state: 'cancelled' }, subject: 'ع' }, 'أوقف إرسال «ع»'],
      [{ entity: 'newsletter_subscriber', action: 'delete', entityId: '9' }, 'حذف مشتركاً من النشرة البريدية (رقم 9)'],
      [{ entity: 'something_new', action: 'archive' }, 'أجرى تغييراً'],
    ];
    for (const [e, sentence] of cases) expect(auditText(auditSentence(entry(e)))).toBe(`خالد المبروك ${sentence}`);
  });
});
