/**
 * Sharing a link the way a phone expects: its own share sheet where there is
 * one (a touch screen with the Web Share API), else the link is copied.
 * Answers 'shared', 'copied' or 'failed' so the caller can say what happened.
 */
export async function shareLink(link: { title: string; text?: string; url: string }) {
  if (typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches) {
    try {
      await navigator.share(link);
      return 'shared' as const;
    } catch {
      // dismissed or refused: fall back to copying
    }
  }
  return (await copyText(link.url)) ? ('copied' as const) : ('failed' as const);
}

/** Copies text; an older phone browser without the clipboard API gets the selection fallback. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** LINE's share address: opens LINE on a phone, LINE's web share page elsewhere; no app id needed. */
export const lineShareUrl = (text: string) => `https://line.me/R/share?text=${encodeURIComponent(text)}`;

/**
 * Messenger's share (spec: share via WhatsApp, Messenger or email). On a touch screen, Messenger's
 * own share address opens the app with the link; elsewhere, Facebook's Send Dialog, which needs the
 * site's Facebook app id (developers.facebook.com/docs/sharing/reference/send-dialog: app_id, link,
 * redirect_uri). Neither: null, and no button (a link that can only fail is a dead end).
 */
export function messengerShareUrl(url: string, facebookAppId: string | null | undefined): string | null {
  if (typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches)
    return `fb-messenger://share/?link=${encodeURIComponent(url)}`;
  if (!facebookAppId) return null;
  const link = encodeURIComponent(url);
  return `https://www.facebook.com/dialog/send?app_id=${encodeURIComponent(facebookAppId)}&link=${link}&redirect_uri=${link}`;
}
