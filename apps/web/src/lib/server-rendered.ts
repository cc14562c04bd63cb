/**
 * Whether this document's HTML came from the server: apps/api/src/plugins/page-renderer.ts
 * marks its <div id="root" data-ssr>. Such a page is hydrated, in the language the
 * server chose, and its first render must match the server's exactly.
 */
export const serverRenderedPage =
  typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-ssr') === true;
