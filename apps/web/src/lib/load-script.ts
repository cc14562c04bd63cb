const scripts = new Map<string, Promise<void>>();

/**
 * Adds a third party's script to the page once (a sign-in provider's, Omise.js), only when a screen
 * needs it, so no other page loads it; a failed load can be tried again.
 */
export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}
