/**
 * Sonner ships its stylesheet twice: as a JS string it injects into a <style> at run time, and as
 * sonner/dist/styles.css. We load the CSS file (global.css imports it) and drop the injected copy: ~3.5 KB
 * less gzipped JavaScript on every page, and no inline <style> for the CSP to allow.
 * @returns {import('vite').Plugin}
 */
export function sonnerCssAsFile() {
  const injected = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
  return {
    name: 'sonner-css-as-file',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id.split('?')[0])) return undefined;
      if (!injected.test(code)) this.error('sonner no longer injects its CSS as expected; revisit scripts/vite-sonner-css.mjs');
      return { code: code.replace(injected, ''), map: null };
    },
  };
}
