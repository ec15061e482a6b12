/**
 * Page analytics: a page that loaded Google's tag (src/render/document.ts) reports every
 * client navigation as a page view, as Docusaurus's gtag plugin does. Nothing without the tag.
 */
type Gtag = (...args: unknown[]) => void;

export function reportNavigations(): void {
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  if (typeof gtag !== 'function') return;
  window.addEventListener('docsite:navigated', () => {
    gtag('set', 'page_path', `${location.pathname}${location.search}${location.hash}`);
    gtag('event', 'page_view');
  });
}
