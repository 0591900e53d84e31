/**
 * The demo's live coverage: the evening the storm warned of in one demo story reached the west coast, followed from
 * the live desk by the Tripoli reporter and the managing editor. Ended, with fifteen entries, two key events and a
 * pinned summary, so a new user sees the feature at once.
 */

/** The demo story that becomes live coverage (its title in DEMO_ARTICLES). */
export const DEMO_LIVE_TITLE = 'الأرصاد تحذر من أمطار رعدية ورياح قوية على الساحل الغربي';

export interface DemoLiveEntry {
  /** Minutes after the story's publication. */
  minutes: number;
  by: 'amal.bennani' | 'hana.zlitni';
  paragraphs: string[];
  keyEvent?: string;
  pinned?: boolean;
  /** A YouTube or X link shown as a card. */
  embedUrl?: string;
}

/** Minutes after publication that the coverage ended. */
export const DEMO_LIVE_ENDED_AFTER = 165;

export const DEMO_LIVE_ENTRIES: DemoLiveEntry[] = [
  {
    minutes: 5,
    by: 'hana.zlitni',
    paragraphs: [
      'مساء الخير. نتابع معكم في هذه الصفحة لحظة بلحظة وصول المنخفض الجوي إلى مدن الساحل الغربي، من زوارة إلى مصراتة، مع مراسلتنا في طرابلس أمل بن ناني.',
    ],
  },
  {
    minutes: 12,
    by: 'amal.bennani',
    paragraphs: [
      'بدأت الأمطار تهطل بغزارة على زوارة وصبراتة، وفق ما أفاد به سكان تواصلنا معهم. الرياح قوية على الشاطئ والبحر مضطرب.',
    ],
  },
  {
    minutes: 20,
    by: 'amal.bennani',
    paragraphs: [
      'غرفة الطوارئ في بلدية طرابلس المركز تعلن حالة الاستعداد القصوى، وتدعو المواطنين إلى تجنب الخروج إلا للضرورة خلال الساعات الثلاث القادمة.',
    ],
    keyEvent: 'طرابلس ترفع درجة الاستعداد',
  },
  {
    minutes: 31,
    by: 'hana.zlitni',
    paragraphs: [
      'المركز الوطني للأرصاد الجوية يحدّث نشرته: سرعة الرياح قد تبلغ 70 كيلومتراً في الساعة على الشريط الساحلي بين الزاوية وطرابلس.',
    ],
  },
  {
    minutes: 44,
    by: 'amal.bennani',
    paragraphs: [
      'تجمعت المياه في نفق الهضبة وعلى طريق الشط، وحركة السير بطيئة جداً. سيارات شفط المياه وصلت إلى النقطتين.',
      'ننصح السائقين باستخدام الطريق الدائري الثاني بدلاً من طريق الشط.',
    ],
  },
  {
    minutes: 52,
    by: 'amal.bennani',
    paragraphs: [
      'انقطاع التيار الكهربائي عن أجزاء من تاجوراء وسوق الجمعة، والشركة العامة للكهرباء تقول إن فرقها في الطريق.',
    ],
  },
  {
    minutes: 63,
    by: 'hana.zlitni',
    paragraphs: ['وزارة التعليم تعلن تعليق الدراسة غداً في مدارس طرابلس والزاوية وصبراتة وزوارة بسبب الأحوال الجوية.'],
    keyEvent: 'تعليق الدراسة غداً في أربع بلديات',
  },
  {
    minutes: 71,
    by: 'amal.bennani',
    paragraphs: [
      'الهلال الأحمر الليبي فرع طرابلس يساعد أسرتين على مغادرة منزلهما في منطقة منخفضة بعد دخول المياه إليه. لا إصابات.',
    ],
  },
  {
    minutes: 84,
    by: 'amal.bennani',
    paragraphs: ['الأمطار تخف تدريجياً في زوارة وصبراتة، بينما تستمر بغزارة في طرابلس وتاجوراء.'],
  },
  {
    minutes: 96,
    by: 'hana.zlitni',
    paragraphs: [
      'ميناء طرابلس يوقف حركة الملاحة مؤقتاً حتى تهدأ الرياح، ومصلحة الموانئ تقول إن القرار يُراجع صباح الغد.',
    ],
  },
  {
    minutes: 108,
    by: 'amal.bennani',
    paragraphs: ['عادت الكهرباء إلى معظم أحياء تاجوراء. سوق الجمعة ما زال جزء منها دون تيار.'],
  },
  {
    minutes: 121,
    by: 'amal.bennani',
    paragraphs: ['فتح نفق الهضبة من جديد بعد سحب المياه، والحركة عادت طبيعية على طريق الشط.'],
  },
  {
    minutes: 137,
    by: 'hana.zlitni',
    paragraphs: ['الأرصاد: المنخفض يتجه شرقاً نحو مصراتة وسرت، مع أمطار أخف حدة حتى فجر الغد.'],
  },
  {
    minutes: 150,
    by: 'amal.bennani',
    paragraphs: ['الأمطار توقفت في طرابلس. فرق البلدية تواصل تنظيف المصارف في الشوارع الرئيسية.'],
  },
  {
    minutes: 160,
    by: 'hana.zlitni',
    pinned: true,
    paragraphs: [
      'ما نعرفه حتى الآن:',
      '<ul><li>أمطار غزيرة ورياح قوية من زوارة إلى تاجوراء، وتجمع للمياه في نفق الهضبة وطريق الشط أعيد فتحهما.</li><li>الدراسة معلقة غداً في طرابلس والزاوية وصبراتة وزوارة.</li><li>لا إصابات؛ أسرتان غادرتا منزلهما بمساعدة الهلال الأحمر.</li><li>الكهرباء عادت إلى معظم المناطق المتضررة.</li></ul>',
      'ننهي تغطيتنا المباشرة هنا. شكراً لمتابعتكم.',
    ],
  },
];

/** An entry's body as stored: paragraphs in <p> (a list stays as it is). */
export const demoLiveBody = (e: DemoLiveEntry) =>
  e.paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join('');
