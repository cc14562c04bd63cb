import type { FileStorage } from '../../lib/file-storage';
import type { PdfRenderer } from '../../lib/pdf/pdf-renderer';
import type { TaxInvoiceRow, TaxNoteRow } from './documents.repository';
import type { PdfJob } from './pdf-documents';

/** Their folder in the file store. */
export const ISSUED_DOCUMENTS_FOLDER = 'documents';

/**
 * Issued tax documents as files (docs/decisions/3103): a full tax invoice (a booking's or a company's
 * monthly one), a credit or debit note. Each is written once, on its first download, by the PDF
 * worker, and kept in the file store (DATA_DIR/uploads/documents or the bucket); every download after
 * that serves the kept bytes. What was issued is what is served: a kept file is never written again,
 * even when the writer or its fonts change.
 */
export class IssuedDocuments {
  /** Writes in flight on this instance, by file: two downloads at once write it once. */
  private readonly writing = new Map<string, Promise<Buffer>>();

  constructor(
    /** The documents folder of the file store. */
    private readonly files: FileStorage,
    private readonly renderer: PdfRenderer<PdfJob>,
  ) {}

  taxInvoicePdf(invoice: TaxInvoiceRow): Promise<Buffer> {
    return this.kept(`tax-invoice-${invoice.number}.pdf`, { kind: 'tax-invoice', invoice });
  }

  taxNotePdf(invoice: TaxInvoiceRow, note: TaxNoteRow): Promise<Buffer> {
    return this.kept(`tax-note-${note.number}.pdf`, { kind: 'tax-note', invoice, note });
  }

  private kept(name: string, job: PdfJob): Promise<Buffer> {
    let pending = this.writing.get(name);
    if (!pending) {
      pending = this.keptOrWritten(name, job).finally(() => this.writing.delete(name));
      this.writing.set(name, pending);
    }
    return pending;
  }

  private async keptOrWritten(name: string, job: PdfJob): Promise<Buffer> {
    const kept = await this.files.get(name);
    if (kept) return kept;
    const pdf = await this.renderer.render(job);
    try {
      // The store refuses to replace a file (a folder: created exclusively; a bucket: If-None-Match).
      await this.files.put(name, pdf, 'application/pdf');
      return pdf;
    } catch (error) {
      // Another instance kept it first: theirs is the document, ours is dropped.
      const first = await this.files.get(name);
      if (first) return first;
      throw error;
    }
  }
}
