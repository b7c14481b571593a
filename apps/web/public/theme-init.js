/*
 * Loaded blocking in <head> (index.html), before the first paint: applies the theme last known on
 * this device (localStorage 'theme': light, dark or system) or the system's, so a page never
 * shows a frame of the other theme. An external file because the CSP refuses inline scripts.
 * Mirrors resolveTheme and applyResolvedTheme of src/lib/theme.ts (a test keeps them equal).
 */
function wellspringInitTheme(win) {
  var theme = 'system';
  try {
    var stored = win.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch (error) {
    // Storage blocked: the system's theme.
  }
  var prefersDark =
    typeof win.matchMedia === 'function' && win.matchMedia('(prefers-color-scheme: dark)').matches;
  var resolved = theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
  var root = win.document.documentElement;
  if (resolved === 'dark') root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = resolved;
  var meta = win.document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', resolved === 'dark' ? '#131127' : '#faf8f5');
  return resolved;
}
// Run now, and again whenever the system switches (a page without the app's theme code, or
// signed out, follows it too).
wellspringInitTheme(window);
if (typeof window.matchMedia === 'function') {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function () {
    wellspringInitTheme(window);
  });
}
