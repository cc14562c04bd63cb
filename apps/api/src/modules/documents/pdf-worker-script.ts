import type { PdfWorkerScript } from '../../lib/pdf/pdf-renderer';

/**
 * Where the documents' PDF worker is (pdf-worker.ts): beside the server's bundle once built (this file
 * is bundled into dist/server.js, so `./pdf-worker.js` is dist/pdf-worker.js), else the source.
 */
export const documentsPdfWorker: PdfWorkerScript = {
  built: new URL('./pdf-worker.js', import.meta.url),
  source: new URL('./pdf-worker.ts', import.meta.url),
};
