import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Schema } from 'node-schematron';

/**
 * ETDA's own validators for e-Tax XML, run on what the project writes (issue 34 part 5, decision
 * 3402): the XSD of e-Tax Invoice & Receipt v2.1 through xmllint (libxml2-utils), and ETDA's
 * Schematron (XPath 1 expressions under queryBinding xslt2) through node-schematron. The files are
 * ETDA's, unchanged, in test/etda/ (README.md there names their source and version).
 */
export type ETaxKind = 'TaxInvoice' | 'DebitCreditNote';

const standard = (file: string) =>
  fileURLToPath(new URL(`./etda/ETDA/data/standard/${file}`, import.meta.url));
const schematrons = new Map<ETaxKind, Schema>();

/** What xmllint says is wrong with the XML against ETDA's XSD; nothing when it validates. */
export function xsdErrors(xml: string, kind: ETaxKind): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'xmllint',
      ['--noout', '--nonet', '--schema', standard(`${kind}_CrossIndustryInvoice_2p1.xsd`), '-'],
      { maxBuffer: 4 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        // One complaint a message, "-:line: …", some running over several lines.
        resolve(
          stderr
            .split(/\n(?=-:\d+:)/)
            .map((m) => m.replace(/\s+/g, ' ').trim())
            .filter((m) => m && !/^- (validates|fails to validate)$/.test(m)),
        );
      },
    );
    child.stdin!.end(xml);
  });
}

/** The Schematron rules of ETDA's that the XML breaks (their messages, ids first), none when it passes. */
export function schematronErrors(xml: string, kind: ETaxKind): string[] {
  let schema = schematrons.get(kind);
  if (!schema) {
    schema = Schema.fromString(readFileSync(standard(`${kind}_Schematron_2p1.sch`), 'utf8'));
    schematrons.set(kind, schema);
  }
  return schema.validateString(xml).map((r) => (r.message ?? '').replace(/\s+/g, ' ').trim());
}

/** Both validators' complaints together: the tests expect none. */
export async function etdaErrors(xml: string, kind: ETaxKind): Promise<string[]> {
  return [...(await xsdErrors(xml, kind)), ...schematronErrors(xml, kind)];
}
