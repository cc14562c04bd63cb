import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { FormTokenResponse } from '@siam/contract/content';
import { apiRequest } from './api-client';

/**
 * The spam trap's token for a public form (issue 13): the server signs the
 * moment it hands the form a token and later checks that a person's worth of
 * time has passed. Asked for when the form comes near the screen or is first
 * touched, so a page whose footer form nobody reaches costs no request.
 * A token serves one post (issue 31): after a post the server took, `spent()` asks for the next
 * one at once, so the time a person spends on another message counts from there.
 */
export function useFormToken(form: RefObject<HTMLFormElement | null>) {
  const pending = useRef<Promise<string | undefined> | null>(null);

  const request = useCallback(() => {
    pending.current ??= apiRequest<FormTokenResponse>('/guest/form-token')
      .then((r) => r.response.data.token)
      // Without a token the post is still sent; the server then treats it as automated.
      .catch(() => {
        pending.current = null;
        return undefined;
      });
    return pending.current;
  }, []);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    element.addEventListener('focusin', request, { once: true });
    if (typeof IntersectionObserver === 'undefined') {
      void request();
      return () => element.removeEventListener('focusin', request);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void request();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', request);
    };
  }, [form, request]);

  const spent = useCallback(() => {
    pending.current = null;
    void request();
  }, [request]);

  return { token: request, spent };
}
