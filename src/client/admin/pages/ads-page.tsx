/**
 * The sales desk's screen: campaigns with their state and figures, a campaign's form (its creatives chosen from the
 * media library, previewed in each of its placements at their real proportions), and the placements themselves (on
 * or off, the in-article paragraph, an ad network's code).
 */
import { useQuery } from '@tanstack/react-query';
import { BarChart3, ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, type FieldError } from 'react-hook-form';
import { Link } from 'wouter';
import { AD_PLACEMENT_SPECS, AD_PLACEMENTS, creativeImageFor, type AdPlacement } from '../../../shared/ads';
import {
  AD_CAMPAIGN_STATE_LABELS,
  AD_CAMPAIGN_STATES,
  AD_PLACEMENT_NAMES,
  type AdCampaignState,
} from '../../../shared/ads-desk';
import { formatDateTime, formatNumber } from '../../../shared/format';
import { fromLocalInput, toLocalInput } from '../lib/admin-format';
import { publicImageUrl } from '../../../shared/media';
import {
  adCampaignInput,
  adPlacementInput,
  ctrOf,
  type AdCampaign,
  type AdPlacementAdmin,
} from '../../../shared/schemas/ads';
import type { MediaItem } from '../../../shared/schemas/media';
import { adCampaignsQuery, adPlacementsQuery, useDeleteCampaign, useSaveCampaign, useSavePlacement } from '../api/ads';
import { categoriesQuery } from '../api/categories';
import { applyServerErrors, useSchemaForm } from '../components/form';
import { MediaPicker } from '../components/media-picker';
import {
  Button,
  Card,
  DataList,
  described,
  Empty,
  Field,
  FormActions,
  Input,
  inputClass,
  LabeledSwitch,
  Loading,
  Modal,
  PageHeader,
  RowActions,
  Select,
  Textarea,
} from '../components/ui';

const STATE_TONES: Record<AdCampaignState, string> = {
  scheduled: 'bg-blue-100 text-blue-900',
  running: 'bg-green-100 text-green-900',
  ended: 'bg-slate-200 text-slate-800',
  paused: 'bg-amber-100 text-amber-900',
};

function StateBadge({ state }: { state: AdCampaignState }) {
  return (
    <span className={`whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${STATE_TONES[state]}`}>
      {AD_CAMPAIGN_STATE_LABELS[state]}
    </span>
  );
}

interface Picked {
  id: string;
  url: string;
}
interface CreativeValues {
  id?: number;
  desktopImage: Picked | null;
  phoneImage: Picked | null;
  alt: string;
  url: string;
}
interface FormValues {
  advertiser: string;
  name: string;
  startsAt: string;
  endsAt: string;
  placements: AdPlacement[];
  sections: string[];
  weight: string;
  dailyCap: string;
  paused: boolean;
  creatives: CreativeValues[];
}

const emptyCreative = (): CreativeValues => ({ desktopImage: null, phoneImage: null, alt: '', url: '' });

const toPayload = (v: FormValues) => ({
  advertiser: v.advertiser,
  name: v.name,
  startsAt: fromLocalInput(v.startsAt) || v.startsAt,
  endsAt: fromLocalInput(v.endsAt) || v.endsAt,
  placements: v.placements || [],
  sections: v.sections || [],
  weight: v.weight === '' ? Number.NaN : Number(v.weight),
  dailyCap: v.dailyCap.trim() === '' ? null : Number(v.dailyCap),
  paused: v.paused,
  creatives: v.creatives.map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    desktopImage: c.desktopImage?.id ?? null,
    phoneImage: c.phoneImage?.id ?? null,
    alt: c.alt,
    url: c.url,
  })),
});

const fromCampaign = (c: AdCampaign | null): FormValues => {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  return c
    ? {
        advertiser: c.advertiser,
        name: c.name,
        startsAt: toLocalInput(c.startsAt),
        endsAt: toLocalInput(c.endsAt),
        placements: c.placements,
        sections: c.sections,
        weight: String(c.weight),
        dailyCap: c.dailyCap === null ? '' : String(c.dailyCap),
        paused: c.paused,
        creatives: c.creatives.map((cr) => ({
          id: cr.id,
          desktopImage: cr.desktopImage,
          phoneImage: cr.phoneImage,
          alt: cr.alt,
          url: cr.url,
        })),
      }
    : {
        advertiser: '',
        name: '',
        startsAt: toLocalInput(start.toISOString()),
        endsAt: toLocalInput(new Date(start.getTime() + 30 * 86_400_000).toISOString()),
        placements: ['sidebar'],
        sections: [],
        weight: '1',
        dailyCap: '',
        paused: false,
        creatives: [emptyCreative()],
      };
};

function CampaignForm({ campaign, onDone }: { campaign: AdCampaign | null; onDone: () => void }) {
  const form = useSchemaForm<typeof adCampaignInput, FormValues>(adCampaignInput, fromCampaign(campaign), toPayload);
  const creatives = useFieldArray({ control: form.control, name: 'creatives' });
  const sections = useQuery(categoriesQuery());
  const [picking, setPicking] = useState<{ index: number; field: 'desktopImage' | 'phoneImage' } | null>(null);
  const save = useSaveCampaign(() => onDone());
  const { errors } = form.formState;
  const chosen = form.watch('placements') || [];
  const values = form.watch('creatives');
  const submit = form.handleSubmit((body) =>
    save.mutate({ id: campaign?.id, body }, { onError: (err) => applyServerErrors(form, err) }),
  );
  const creativeError = (i: number, field: keyof CreativeValues) =>
    (errors.creatives?.[i]?.[field] as FieldError | undefined)?.message;
  const pick = (items: MediaItem[]) => {
    if (picking && items[0]) {
      form.setValue(`creatives.${picking.index}.${picking.field}`, { id: items[0].id, url: items[0].url });
      form.clearErrors(`creatives.${picking.index}.${picking.field}`);
    }
    setPicking(null);
  };
  const imageForPreview = (c: CreativeValues, placement: AdPlacement, device: 'phone' | 'desktop') =>
    creativeImageFor(placement, device, { phone: c.phoneImage ?? null, desktop: c.desktopImage ?? null });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <fieldset disabled={save.isPending} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="المعلِن" id="ad-advertiser" error={errors.advertiser?.message}>
            <Input
              id="ad-advertiser"
              {...form.register('advertiser')}
              {...described('ad-advertiser', errors.advertiser?.message)}
            />
          </Field>
          <Field label="اسم الحملة" id="ad-name" error={errors.name?.message}>
            <Input id="ad-name" {...form.register('name')} {...described('ad-name', errors.name?.message)} />
          </Field>
          <Field label="تبدأ (بتوقيت طرابلس)" id="ad-start" error={errors.startsAt?.message}>
            <Input
              id="ad-start"
              type="datetime-local"
              {...form.register('startsAt')}
              {...described('ad-start', errors.startsAt?.message)}
            />
          </Field>
          <Field label="تنتهي (بتوقيت طرابلس)" id="ad-end" error={errors.endsAt?.message}>
            <Input
              id="ad-end"
              type="datetime-local"
              {...form.register('endsAt')}
              {...described('ad-end', errors.endsAt?.message)}
            />
          </Field>
          <Field
            label="الوزن (1 - 100)"
            id="ad-weight"
            hint="نصيب الحملة من مرات الظهور بين الحملات في المكان نفسه"
            error={errors.weight?.message}
          >
            <Input
              id="ad-weight"
              type="number"
              min={1}
              max={100}
              {...form.register('weight')}
              {...described('ad-weight', errors.weight?.message, true)}
            />
          </Field>
          <Field
            label="الحد اليومي لمرات الظهور (اختياري)"
            id="ad-cap"
            hint="يتوقف عرض الحملة عند بلوغه حتى منتصف الليل بتوقيت طرابلس"
            error={errors.dailyCap?.message}
          >
            <Input
              id="ad-cap"
              type="number"
              min={1}
              {...form.register('dailyCap')}
              {...described('ad-cap', errors.dailyCap?.message, true)}
            />
          </Field>
        </div>
        <fieldset className="space-y-2" aria-describedby={errors.placements ? 'ad-places-error' : undefined}>
          <legend className="font-bold">الأماكن الإعلانية</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {AD_PLACEMENTS.map((p) => (
              <label key={p} className="flex items-start gap-2 text-sm">
                <input type="checkbox" value={p} className="mt-1" {...form.register('placements')} />
                <span>
                  <span className="font-bold">{AD_PLACEMENT_NAMES[p].label}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {AD_PLACEMENT_NAMES[p].where}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.placements?.message && (
            <p id="ad-places-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.placements.message}
            </p>
          )}
        </fieldset>
        <fieldset className="space-y-2" aria-describedby={errors.sections ? 'ad-sections-error' : undefined}>
          <legend className="font-bold">الأقسام</legend>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            بلا اختيار: تظهر في كل الصفحات. مع اختيار: في صفحات هذه الأقسام وأخبارها فقط.
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {(sections.data ?? []).map((s) => (
              <label key={s.slug} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={s.slug} {...form.register('sections')} /> {s.name}
              </label>
            ))}
          </div>
          {errors.sections?.message && (
            <p id="ad-sections-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.sections.message}
            </p>
          )}
        </fieldset>
        <Controller
          control={form.control}
          name="paused"
          render={({ field }) => <LabeledSwitch checked={field.value} onChange={field.onChange} label="موقوفة مؤقتاً" />}
        />

        <fieldset className="space-y-3">
          <legend className="font-bold">التصاميم</legend>
          {errors.creatives?.message && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errors.creatives.message}
            </p>
          )}
          {creatives.fields.map((f, i) => (
            <Card key={f.id} className="space-y-3">
              <div className="flex items-center justify-between">
                <h3 className="font-bold">التصميم {i + 1}</h3>
                {creatives.fields.length > 1 && (
                  <Button variant="ghost" onClick={() => creatives.remove(i)} aria-label={`حذف التصميم ${i + 1}`}>
                    <Trash2 className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />
                  </Button>
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                {(['desktopImage', 'phoneImage'] as const).map((field) => (
                  <div key={field} className="space-y-1">
                    <Button variant="secondary" onClick={() => setPicking({ index: i, field })}>
                      <ImagePlus className="size-4" aria-hidden="true" />
                      {values?.[i]?.[field]
                        ? field === 'desktopImage'
                          ? 'تغيير صورة الحاسوب'
                          : 'تغيير صورة الهاتف'
                        : field === 'desktopImage'
                          ? 'صورة الحاسوب'
                          : 'صورة الهاتف'}
                    </Button>
                    {values?.[i]?.[field] && (
                      <Button
                        variant="ghost"
                        onClick={() => form.setValue(`creatives.${i}.${field}`, null)}
                        aria-label={field === 'desktopImage' ? 'إزالة صورة الحاسوب' : 'إزالة صورة الهاتف'}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    )}
                    {creativeError(i, field) && (
                      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                        {creativeError(i, field)}
                      </p>
                    )}
                  </div>
                ))}
                <Field label="النص البديل" id={`ad-alt-${i}`} error={creativeError(i, 'alt')}>
                  <Input
                    id={`ad-alt-${i}`}
                    {...form.register(`creatives.${i}.alt`)}
                    {...described(`ad-alt-${i}`, creativeError(i, 'alt'))}
                  />
                </Field>
                <Field label="رابط المعلِن" id={`ad-url-${i}`} error={creativeError(i, 'url')}>
                  <Input
                    id={`ad-url-${i}`}
                    dir="ltr"
                    inputMode="url"
                    placeholder="https://"
                    {...form.register(`creatives.${i}.url`)}
                    {...described(`ad-url-${i}`, creativeError(i, 'url'))}
                  />
                </Field>
              </div>
              {chosen.length > 0 && (
                <details open className="space-y-2">
                  <summary className="cursor-pointer text-sm font-bold">معاينة في الأماكن المختارة</summary>
                  <div className="mt-2 flex flex-wrap items-end gap-4">
                    {chosen.map((p) => (
                      <div key={p} className="w-full space-y-2">
                        {(['desktop', 'phone'] as const).map((device) =>
                          AD_PLACEMENT_SPECS[p][device] ? (
                            <PreviewDevice
                              key={device}
                              placement={p}
                              device={device}
                              image={values?.[i] ? imageForPreview(values[i]!, p, device) : null}
                            />
                          ) : null,
                        )}
                      </div>
                    ))}
                  </div>
                </details>
              )}
            </Card>
          ))}
          {creatives.fields.length < 10 && (
            <Button variant="secondary" onClick={() => creatives.append(emptyCreative())}>
              <Plus className="size-4" aria-hidden="true" /> تصميم آخر
            </Button>
          )}
        </fieldset>
      </fieldset>
      <FormActions onCancel={onDone} saving={save.isPending} />
      <MediaPicker
        open={!!picking}
        title={picking?.field === 'phoneImage' ? 'صورة الإعلان على الهاتف' : 'صورة الإعلان على الحاسوب'}
        onClose={() => setPicking(null)}
        onPick={pick}
      />
    </form>
  );
}

function PreviewDevice({
  placement,
  device,
  image,
}: {
  placement: AdPlacement;
  device: 'phone' | 'desktop';
  image: Picked | null;
}) {
  const size = AD_PLACEMENT_SPECS[placement][device]!;
  return (
    <figure className="space-y-1" data-testid={`preview-${placement}-${device}`}>
      <figcaption className="text-xs text-slate-600 dark:text-slate-300">
        {AD_PLACEMENT_NAMES[placement].label} — {device === 'phone' ? 'هاتف' : 'حاسوب'} ({size.w}×{size.h})
        {!image && ' — لا صورة لهذا المقاس'}
      </figcaption>
      <div
        className="overflow-hidden rounded border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800"
        style={{ width: `min(100%, ${size.w}px)`, aspectRatio: `${size.w} / ${size.h}` }}
      >
        {image && <img src={publicImageUrl(image.url)} alt="" className="h-full w-full object-contain" />}
      </div>
    </figure>
  );
}

function PlacementCard({ p }: { p: AdPlacementAdmin }) {
  const spec = AD_PLACEMENT_SPECS[p.key];
  const form = useSchemaForm(adPlacementInput, {
    enabled: p.enabled,
    afterParagraph: p.afterParagraph,
    networkCode: p.networkCode,
  });
  const save = useSavePlacement();
  const { errors } = form.formState;
  const id = `pl-${p.key}`;
  return (
    <Card>
      <form
        noValidate
        className="space-y-3"
        onSubmit={form.handleSubmit((body) =>
          save.mutate({ key: p.key, body }, { onError: (err) => applyServerErrors(form, err) }),
        )}
        data-testid={`placement-${p.key}`}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-bold">{AD_PLACEMENT_NAMES[p.key].label}</h3>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => <LabeledSwitch checked={field.value} onChange={field.onChange} label="مفعّل" />}
          />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {AD_PLACEMENT_NAMES[p.key].where}.{' '}
          {[
            spec.desktop && `حاسوب ${spec.desktop.w}×${spec.desktop.h}`,
            spec.phone && `هاتف ${spec.phone.w}×${spec.phone.h}`,
          ]
            .filter(Boolean)
            .join('، ')}
        </p>
        {p.key === 'in-article' && (
          <Field label="بعد الفقرة رقم" id={`${id}-n`} error={errors.afterParagraph?.message}>
            <Input
              id={`${id}-n`}
              type="number"
              min={1}
              max={20}
              {...form.register('afterParagraph', { valueAsNumber: true })}
              {...described(`${id}-n`, errors.afterParagraph?.message)}
            />
          </Field>
        )}
        <Field
          label="شيفرة شبكة إعلانات (اختياري)"
          id={`${id}-code`}
          hint="تعمل داخل إطار معزول خاص بها حين لا تملأ الحملات المكان، ولا تصل إلى الصفحة ولا إلى بيانات القراء"
          error={errors.networkCode?.message}
        >
          <Textarea
            id={`${id}-code`}
            dir="ltr"
            rows={3}
            className={`${inputClass} font-mono text-xs`}
            {...form.register('networkCode')}
            {...described(`${id}-code`, errors.networkCode?.message, true)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'جاري الحفظ...' : 'حفظ'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function AdsPage() {
  const [state, setState] = useState<AdCampaignState | ''>('');
  const campaigns = useQuery(adCampaignsQuery(state || undefined));
  const placements = useQuery(adPlacementsQuery());
  const remove = useDeleteCampaign();
  const [editing, setEditing] = useState<AdCampaign | null | undefined>(undefined);
  return (
    <div className="space-y-6">
      <PageHeader title="الإعلانات">
        <Button onClick={() => setEditing(null)}>
          <Plus className="size-4" aria-hidden="true" /> حملة جديدة
        </Button>
      </PageHeader>
      <section className="space-y-3" aria-labelledby="ads-campaigns">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ads-campaigns" className="text-lg font-bold">
            الحملات
          </h2>
          <label className="flex items-center gap-2 text-sm">
            الحالة
            <Select
              value={state}
              onChange={(e) => setState(e.target.value as AdCampaignState | '')}
              className={`${inputClass} w-40`}
            >
              <option value="">الكل</option>
              {AD_CAMPAIGN_STATES.map((s) => (
                <option key={s} value={s}>
                  {AD_CAMPAIGN_STATE_LABELS[s]}
                </option>
              ))}
            </Select>
          </label>
        </div>
        {campaigns.isLoading ? (
          <Loading />
        ) : campaigns.isError ? (
          <p role="alert">فشل في تحميل الحملات الإعلانية</p>
        ) : !campaigns.data?.length ? (
          <Empty text="لا توجد حملات إعلانية" />
        ) : (
          <DataList
            items={campaigns.data}
            keyOf={(c) => c.id}
            testId={(c) => `campaign-${c.id}`}
            title={(c) => c.name}
            columns={[
              { header: 'الحملة', cell: (c) => c.name, card: false },
              { header: 'المعلِن', cell: (c) => c.advertiser },
              { header: 'الحالة', cell: (c) => <StateBadge state={c.state} /> },
              {
                header: 'المدة',
                cell: (c) => (
                  <span className="text-sm">
                    {formatDateTime(c.startsAt)} ← {formatDateTime(c.endsAt)}
                  </span>
                ),
              },
              { header: 'الأماكن', cell: (c) => c.placements.map((p) => AD_PLACEMENT_NAMES[p].label).join('، ') },
              { header: 'مرات الظهور', cell: (c) => formatNumber(c.impressions) },
              { header: 'النقرات', cell: (c) => formatNumber(c.clicks) },
              { header: 'نسبة النقر', cell: (c) => `${formatNumber(ctrOf(c.impressions, c.clicks))}٪` },
            ]}
            actions={(c) => (
              <RowActions
                name={c.name}
                onEdit={() => setEditing(c)}
                onDelete={() => remove.mutate(c.id)}
                confirmText={`حذف الحملة «${c.name}» وأرقامها نهائياً؟`}
              >
                <Link
                  to={`/admin/ads/${c.id}/report`}
                  aria-label={`تقرير: ${c.name}`}
                  className="inline-flex min-h-9 items-center rounded-md px-2 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  <BarChart3 className="size-4" aria-hidden="true" />
                </Link>
              </RowActions>
            )}
          />
        )}
      </section>
      <section className="space-y-3" aria-labelledby="ads-placements">
        <h2 id="ads-placements" className="text-lg font-bold">
          الأماكن الإعلانية
        </h2>
        {placements.isLoading ? (
          <Loading />
        ) : placements.isError || !placements.data ? (
          <p role="alert">فشل في تحميل الأماكن الإعلانية</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {placements.data.map((p) => (
              <PlacementCard key={`${p.key}-${p.updatedAt ?? ''}`} p={p} />
            ))}
          </div>
        )}
      </section>
      <Modal
        open={editing !== undefined}
        title={editing ? `تعديل الحملة: ${editing.name}` : 'حملة إعلانية جديدة'}
        onClose={() => setEditing(undefined)}
        wide
      >
        {editing !== undefined && <CampaignForm campaign={editing} onDone={() => setEditing(undefined)} />}
      </Modal>
    </div>
  );
}
