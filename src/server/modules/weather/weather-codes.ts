/** WMO weather interpretation codes (as Open-Meteo returns them) in Arabic. */
const CODES: [number[], string][] = [
  [[0], 'صحو'],
  [[1], 'صحو غالباً'],
  [[2], 'غائم جزئياً'],
  [[3], 'غائم'],
  [[45, 48], 'ضباب'],
  [[51, 53, 55], 'رذاذ'],
  [[56, 57], 'رذاذ متجمد'],
  [[61], 'أمطار خفيفة'],
  [[63], 'أمطار متوسطة'],
  [[65], 'أمطار غزيرة'],
  [[66, 67], 'أمطار متجمدة'],
  [[71, 73, 75, 77], 'ثلوج'],
  [[80, 81, 82], 'زخات مطر'],
  [[85, 86], 'زخات ثلج'],
  [[95], 'عواصف رعدية'],
  [[96, 99], 'عواصف رعدية مع برد'],
];
const BY_CODE = new Map(CODES.flatMap(([codes, text]) => codes.map((c) => [c, text] as const)));

export function describeWeatherCode(code: number): string {
  return BY_CODE.get(code) ?? 'غير معروف';
}
