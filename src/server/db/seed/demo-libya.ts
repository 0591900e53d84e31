/**
 * Libya for the demo map pictures: the country's outline (Natural Earth 1:110m, public domain: the coast with the
 * Gulf of Sirte and the straight borders with Tunisia, Algeria, Niger, Chad, Sudan and Egypt) and its main cities,
 * [longitude, latitude] in degrees, projected simply (equirectangular, longitudes narrowed by the cosine of the
 * country's middle latitude).
 */

export const LIBYA_OUTLINE: readonly (readonly [number, number])[] = [
  [14.8513, 22.86295],
  [14.143871, 22.491289],
  [13.581425, 23.040506],
  [11.999506, 23.471668],
  [11.560669, 24.097909],
  [10.771364, 24.562532],
  [10.303847, 24.379313],
  [9.948261, 24.936954],
  [9.910693, 25.365455],
  [9.319411, 26.094325],
  [9.716286, 26.512206],
  [9.629056, 27.140953],
  [9.756128, 27.688259],
  [9.683885, 28.144174],
  [9.859998, 28.95999],
  [9.805634, 29.424638],
  [9.48214, 30.307556],
  [9.970017, 30.539325],
  [10.056575, 30.961831],
  [9.950225, 31.37607],
  [10.636901, 31.761421],
  [10.94479, 32.081815],
  [11.432253, 32.368903],
  [11.488787, 33.136996],
  [12.66331, 32.79278],
  [13.08326, 32.87882],
  [13.91868, 32.71196],
  [15.24563, 32.26508],
  [15.71394, 31.37626],
  [16.61162, 31.18218],
  [18.02109, 30.76357],
  [19.08641, 30.26639],
  [19.57404, 30.52582],
  [20.05335, 30.98576],
  [19.82033, 31.75179],
  [20.13397, 32.2382],
  [20.85452, 32.7068],
  [21.54298, 32.8432],
  [22.89576, 32.63858],
  [23.2368, 32.19149],
  [23.60913, 32.18726],
  [23.9275, 32.01667],
  [24.92114, 31.89936],
  [25.16482, 31.56915],
  [24.80287, 31.08929],
  [24.95762, 30.6616],
  [24.70007, 30.04419],
  [25, 29.238655],
  [25, 25.6825],
  [25, 22],
  [25, 20.00304],
  [23.85, 20],
  [23.83766, 19.58047],
  [19.84926, 21.49509],
  [15.86085, 23.40972],
];

/**
 * Cities a demo story can be placed in: English and Arabic names, [longitude, latitude]. Coastal cities sit up to a
 * tenth of a degree inland of their true position, so that their marker stays inside the simplified coastline.
 */
export const LIBYA_CITIES: readonly { en: string; ar: string; at: readonly [number, number] }[] = [
  { en: 'Tripoli', ar: 'طرابلس', at: [13.19, 32.84] },
  { en: 'Benghazi', ar: 'بنغازي', at: [20.07, 32.1] },
  { en: 'Misrata', ar: 'مصراتة', at: [15.09, 32.3] },
  { en: 'Sabha', ar: 'سبها', at: [14.43, 27.04] },
  { en: 'Zawiya', ar: 'الزاوية', at: [12.73, 32.74] },
  { en: 'Bayda', ar: 'البيضاء', at: [21.76, 32.74] },
  { en: 'Tobruk', ar: 'طبرق', at: [23.96, 32.0] },
  { en: 'Derna', ar: 'درنة', at: [22.64, 32.66] },
  { en: 'Sirte', ar: 'سرت', at: [16.59, 31.15] },
  { en: 'Ghadames', ar: 'غدامس', at: [9.6, 30.13] },
  { en: 'Ghat', ar: 'غات', at: [10.17, 24.96] },
  { en: 'Zuwara', ar: 'زوارة', at: [12.08, 32.9] },
  { en: 'Tajoura', ar: 'تاجوراء', at: [13.37, 32.81] },
  { en: 'Kufra', ar: 'الكفرة', at: [23.31, 24.18] },
  { en: 'Ajdabiya', ar: 'أجدابيا', at: [20.23, 30.76] },
  { en: 'Gharyan', ar: 'غريان', at: [13.02, 32.17] },
  { en: 'Zliten', ar: 'زليتن', at: [14.57, 32.44] },
  { en: 'Khoms', ar: 'الخمس', at: [14.26, 32.58] },
  { en: 'Brega', ar: 'البريقة', at: [19.58, 30.41] },
  { en: 'Ras Lanuf', ar: 'راس لانوف', at: [18.57, 30.48] },
  { en: 'Ubari', ar: 'أوباري', at: [12.78, 26.59] },
  { en: 'Murzuq', ar: 'مرزق', at: [13.91, 25.92] },
  { en: 'Nalut', ar: 'نالوت', at: [10.98, 31.87] },
  { en: 'Bani Walid', ar: 'بني وليد', at: [13.98, 31.76] },
  { en: 'Tarhuna', ar: 'ترهونة', at: [13.63, 32.43] },
  { en: 'Marj', ar: 'المرج', at: [20.83, 32.49] },
  { en: 'Sabratha', ar: 'صبراتة', at: [12.49, 32.76] },
  { en: 'Jalu', ar: 'جالو', at: [21.55, 29.03] },
  { en: 'Hun', ar: 'هون', at: [15.95, 29.13] },
  { en: 'Yefren', ar: 'يفرن', at: [12.53, 32.06] },
  { en: 'Shahat', ar: 'شحات', at: [21.86, 32.78] },
  { en: 'Awjila', ar: 'أوجلة', at: [21.29, 29.11] },
];

/** Folds spelling variants: case, "al-"/"ال", hamza forms, tā' marbūṭa, diacritics. */
function fold(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\u064b-\u0652\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/^(al|el)[-\s]/, '')
    .replace(/^ال/, '')
    .replace(/[\s-]+/g, ' ');
}

const BY_NAME = new Map<string, readonly [number, number]>();
for (const c of LIBYA_CITIES) {
  BY_NAME.set(fold(c.en), c.at);
  BY_NAME.set(fold(c.ar), c.at);
}
BY_NAME.set(fold('Misurata'), BY_NAME.get(fold('Misrata'))!);
BY_NAME.set(fold('Sebha'), BY_NAME.get(fold('Sabha'))!);
BY_NAME.set(fold('Al Bayda'), BY_NAME.get(fold('Bayda'))!);
BY_NAME.set(fold('Tajura'), BY_NAME.get(fold('Tajoura'))!);
BY_NAME.set(fold('Al Khums'), BY_NAME.get(fold('Khoms'))!);
BY_NAME.set(fold('Zintan'), [12.25, 31.93]);
BY_NAME.set(fold('الزنتان'), [12.25, 31.93]);

/** A city's [longitude, latitude], by its English or Arabic name; undefined if it is not known. */
export function cityCoordinates(name: string): readonly [number, number] | undefined {
  return BY_NAME.get(fold(name));
}

const LON0 = 17.24;
const LAT0 = 26.36;
const KX = Math.cos((LAT0 * Math.PI) / 180);

/** Projects [longitude, latitude] to x, y (y down) centred on the country; `k` is units per degree of latitude. */
export function projectLibya([lon, lat]: readonly [number, number], k: number): [number, number] {
  return [(lon - LON0) * KX * k, -(lat - LAT0) * k];
}
