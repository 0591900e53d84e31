/** The five stored sections (SPEC §3). `home` is the chip for "all sections" and is not stored. */
export const DEMO_CATEGORIES = [
  {
    slug: 'libya',
    name: 'ليبيا',
    color: '#dc2626',
    description: 'آخر أخبار ليبيا السياسية والمحلية من طرابلس وبنغازي وسائر المدن',
  },
  {
    slug: 'international',
    name: 'عربي ودولي',
    color: '#2563eb',
    description: 'أبرز الأحداث العربية والدولية وتحليلاتها',
  },
  {
    slug: 'economy',
    name: 'اقتصاد',
    color: '#047857',
    description: 'النفط والمصارف والأسواق وأسعار الصرف وحركة التجارة',
  },
  {
    slug: 'sports',
    name: 'رياضة',
    color: '#7c3aed',
    description: 'الدوري الليبي والمنتخبات الوطنية والبطولات العربية والعالمية',
  },
  { slug: 'variety', name: 'منوعات', color: '#f59e0b', description: 'ثقافة وفنون وصحة وتقنية ومجتمع' },
] as const;
