import { afterAll, describe, expect, it } from 'vitest';
import { PdfRenderer } from '../../lib/pdf/pdf-renderer';
import type { PdfJob } from './pdf-documents';
import { documentsPdfWorker } from './pdf-worker-script';

describe('PDF renderer', () => {
  const renderer = new PdfRenderer<PdfJob>({ workers: 1, queueMax: 1, script: documentsPdfWorker });
  afterAll(() => renderer.close());
  it('writes a tax invoice on a worker thread', async () => {
    const pdf = await renderer.render({
      kind: 'tax-invoice',
      invoice: {
        id: 1,
        number: 'BKK-2026-000001',
        branch_code: 'bkk',
        issued_ms: Date.UTC(2026, 0, 5),
        seller: { name: 'S', taxId: '0105561000001', branchNo: '00000', branchName: 'HQ', address: 'A' },
        buyer: {
          companyName: 'B',
          taxId: '0105561000002',
          branch: '00000',
          address: 'B',
          subDistrictCode: '100101',
          postcode: '10200',
        },
        lines: [{ name: 'Car', quantity: 2, net: 186_916, total: 200_000 }],
        net: 186_916,
        vat: 13_084,
        total: 200_000,
      },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
