/**
 * Whether this document's HTML came from the server: apps/api/src/plugins/page-renderer.ts
 * marks its <div id="root" data-ssr>. Such a page is hydrated, in the language the
 * server chose, and its first render must match the server's exactly.
 */
export const serverRenderedPage =
  typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-ssr') === true;

/**
 * What the visitor typed into the server's HTML before the page was live (fields marked
 * `data-keep="<key>"`). A slow phone shows the booking box seconds before its JavaScript
 * runs; hydration would put each field back to the server's value, so the values are read
 * just before it (main.tsx) and the component takes them back once live (issue 14).
 */
const typedBeforeHydration = new Map<string, string>();

export function rememberTypedValues(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-keep]'))
    if (field.value) typedBeforeHydration.set(field.dataset.keep!, field.value);
}

/** A value typed before hydration, once (a later visit to the page starts afresh). */
export function takeTypedValue(key: string): string | undefined {
  const value = typedBeforeHydration.get(key);
  typedBeforeHydration.delete(key);
  return value;
}
