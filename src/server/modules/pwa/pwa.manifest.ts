/**
 * The web app manifest: what a phone or a desktop browser needs to install the site as an app, in Arabic and right to
 * left, named from the site settings (the short name under the icon, else the site name). The colours are the
 * header's: the brand blue for the title bar, white behind the splash (the dark theme's colours are in the pages'
 * theme-color meta tags, which browsers prefer over the manifest where they support media queries).
 */
import type { PublicSettings } from '../../../shared/schemas/settings';
import { THEME_COLOURS } from '../../lib/brand';
import { ICON_SIZES, MASKABLE_SIZES } from './pwa-icons';

export const BACKGROUND_COLOUR = '#ffffff';

export function webAppManifest(settings: PublicSettings) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: settings.siteName,
    short_name: settings.shortName || settings.siteName,
    description: settings.description,
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOURS.light,
    background_color: BACKGROUND_COLOUR,
    categories: ['news'],
    icons: [
      ...ICON_SIZES.map((s) => icon(`icon-${s}.png`, s, 'any')),
      ...MASKABLE_SIZES.map((s) => icon(`maskable-${s}.png`, s, 'maskable')),
    ],
    shortcuts: [
      {
        name: 'تنبيهات الأخبار العاجلة',
        short_name: 'التنبيهات',
        url: '/notifications',
        icons: [icon('icon-96.png', 96, 'any')],
      },
    ],
  };
}
