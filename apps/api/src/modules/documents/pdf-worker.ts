import { servePdfJobs } from '../../lib/pdf/pdf-worker-loop';
import { writePdf, type PdfJob } from './pdf-documents';

/**
 * The PDF worker thread's entry (lib/pdf/pdf-renderer.ts starts it from documents/pdf-worker-script.ts;
 * apps/api/build.mjs bundles it as dist/pdf-worker.js): every document the site writes, one job at a time.
 */
servePdfJobs<PdfJob>((job) => {
  // A Buffer crosses the thread boundary as a plain Uint8Array: the signature becomes a Buffer again.
  if (job.kind === 'rental-agreement')
    job.agreement.signature = Buffer.from(job.agreement.signature as Uint8Array);
  return writePdf(job);
});
