import { useEffect, useState } from 'react';
import { ApiError, localServerMsg, messageFor } from './api-client';
import { getToken } from './token-storage';

/**
 * Files only a signed-in person may read — slips, licence pictures, photos of a hand-over, receipts,
 * invoices, agreements, reports — have no public address: each is fetched with the person's token
 * (a plain link would carry none) and handed to the browser as a blob.
 */
async function fetchWithName(path: string): Promise<{ blob: Blob; name: string | undefined }> {
  const token = getToken();
  const response = await fetch(`/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    // Said as any call's failure is (429: too many downloads, 503: busy, 409: not paid yet…).
    const envelope = (await response.json().catch(() => null)) as { code?: string; msg?: string } | null;
    throw new ApiError(
      'http',
      () => messageFor('http', response.status, localServerMsg(envelope?.msg)),
      response.status,
      envelope?.code,
      envelope?.msg,
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), name };
}

export const fetchPrivateFile = async (path: string): Promise<Blob> => (await fetchWithName(path)).blob;

/** Saves a blob under a name, as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a private file under `fileName`, else the name the server gives it. */
export async function downloadPrivateFile(path: string, fileName?: string): Promise<void> {
  const { blob, name } = await fetchWithName(path);
  saveFile(blob, fileName ?? name ?? 'siam-drive-file');
}

/** Opens a private file (a PDF) in a new tab. */
export async function openPrivateFile(path: string): Promise<void> {
  const url = URL.createObjectURL(await fetchPrivateFile(path));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A private file's address for an <img> or a link while the component is shown (null while it loads). */
export function usePrivateFileUrl(path: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ path: string; url: string | null; failed: boolean }>({
    path,
    url: null,
    failed: false,
  });
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchPrivateFile(path).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setState({ path, url: objectUrl, failed: false });
        else URL.revokeObjectURL(objectUrl);
      },
      () => live && setState({ path, url: null, failed: true }),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  // A new path shows as loading until its file is here, never the previous one's.
  return state.path === path ? state : { url: null, failed: false };
}
