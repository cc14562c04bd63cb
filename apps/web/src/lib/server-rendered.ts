import { useLayoutEffect, useRef, type RefObject } from 'react';

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

/** Whether the page inside the site's frame is hydrated (a page the browser renders itself: from the start). */
let pageLive = !serverRenderedPage;
const untilLive: (() => void)[] = [];

/** Runs `then` once the page inside the frame is live (now, if it is). */
export function whenPageLive(then: () => void): void {
  if (pageLive) then();
  else untilLive.push(then);
}

/** Called by the frame (root-layout's MarkHydrated) once the page inside it is hydrated. */
export function pageIsLive(): void {
  pageLive = true;
  for (const then of untilLive.splice(0)) then();
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLFieldSetElement;

/**
 * What the visitor put into this control of the server's HTML before its component came to life:
 * its value when it differs from the one rendered (an input's defaultValue, the option marked
 * selected, a radio's defaultChecked: the server's HTML, and React's own value once it adopted that
 * HTML, which leaves the visitor's value in place), else undefined. A radio or checkbox answers (its value) only
 * when it became checked; a fieldset, for the radio in it that did.
 * A control the browser's React created answers undefined: it holds what was rendered.
 */
export function changedBeforeLive(control: Control | null): string | undefined {
  if (!control) return undefined;
  if (control instanceof HTMLFieldSetElement)
    return Array.from(
      control.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
      changedBeforeLive,
    ).find((value) => value !== undefined);
  if (control instanceof HTMLSelectElement) {
    const rendered = Array.from(control.options).find((o) => o.defaultSelected) ?? control.options[0];
    return rendered && control.value !== rendered.value ? control.value : undefined;
  }
  if (control.type === 'radio' || control.type === 'checkbox')
    return control.checked && !control.defaultChecked ? control.value : undefined;
  return control.value !== control.defaultValue ? control.value : undefined;
}

/**
 * A controlled field, select or radio of a server-rendered page keeps what a visitor chose in it
 * before the page was live (a slow phone shows the page seconds before its code runs). React adopts
 * the server's HTML as it is: the control shows the visitor's choice, the component's state does
 * not know it, and the page acts on the old value (the currency select said "Euro" while the prices
 * stayed in baht) until the next render puts the control back. So, once, as the component takes
 * its controls over (a layout effect: before the browser paints the live page), what changed is
 * passed to `adopt`, in the order of `controls` (undefined: left as rendered), to apply through the
 * same path a change takes; controls read together are adopted together (both dates of a range).
 * Parts that come to life later (docs/decisions/1402) read theirs when they do. Not called when
 * nothing changed, nor for a part the browser rendered itself.
 */
export function useChangedBeforeLive(
  controls: readonly RefObject<Control | null>[],
  adopt: (values: (string | undefined)[]) => void,
): void {
  const first = useRef({ controls, adopt });
  useLayoutEffect(() => {
    const { controls, adopt } = first.current;
    const values = controls.map((control) => changedBeforeLive(control.current));
    if (values.some((value) => value !== undefined)) adopt(values);
  }, []);
}
