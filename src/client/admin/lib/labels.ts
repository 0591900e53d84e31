/** Arabic labels the admin screens share. */
export const DEVICE_LABELS: Record<string, string> = { mobile: 'الهاتف', tablet: 'الجهاز اللوحي', desktop: 'الحاسوب' };
