import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';

/*
 * The installable app (decision 042): the web app manifest and the service worker
 * (src/sw/sw.ts, built by vite-plugin-pwa with the precache list injected). The page registers it
 * itself (src/lib/service-worker.ts), after the first paint, and asks before a new version takes
 * over (registerType 'prompt').
 */

/**
 * The light canvas (index.css --color-canvas), for the splash and the title bar: the page's
 * theme-color meta (index.html, then lib/theme's THEME_COLORS) takes the bar over once loaded, and
 * the brand violet here made it flash from violet to the canvas at each launch.
 */
export const THEME_COLOR = '#faf8f5';
export const BACKGROUND_COLOR = THEME_COLOR;

export const manifest: Partial<ManifestOptions> = {
  id: '/app/dashboard',
  name: 'Wellspring',
  short_name: 'Wellspring',
  description: 'Name your mood, keep a private diary, take on small kind tasks.',
  lang: 'en',
  start_url: '/app/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-192.png',
      sizes: '192x192',
      type: 'image/png',
      purpose: 'maskable',
    },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  // src/lib/service-worker.ts registers it, lazily: nothing is added to index.html but the link.
  injectRegister: false,
  manifest,
  manifestFilename: 'manifest.webmanifest',
  // The icons are in the precache list already (globPatterns).
  includeManifestIcons: false,
  integration: { closeBundleOrder: 'post' },
  injectManifest: {
    // The app shell (the three HTML pages), the code, the styles, the fonts and the icons. The
    // artworks (backgrounds/, images/) are large and fetched when shown; the compressed copies
    // (.br, .gz) are the server's business, and so are the font's non-Latin subsets (the browser
    // asks for them only for such text). The manifest is added by the plugin itself.
    globPatterns: ['**/*.{html,js,css,woff2,svg,png}'],
    globIgnores: [
      'backgrounds/**',
      'images/**',
      '**/*.br',
      '**/*.gz',
      'assets/inter-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*',
    ],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
  devOptions: { enabled: false },
};
