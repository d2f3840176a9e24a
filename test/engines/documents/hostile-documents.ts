import { makeDocxXml } from '../../support/document-fixtures';

/**
 * Small uploads built to cost as much parsing work as possible per byte,
 * shared by the tests (which check each is refused or read quickly) and
 * bench/hostile-inputs.ts (which measures their CPU time).
 */
export interface HostileDocument {
  name: string;
  kind: 'docx' | 'csv';
  shape: string;
  /** The 422 message a .docx must be refused with; a CSV within every cap is read instead. */
  refused?: RegExp;
  build(): Promise<Buffer>;
}

export const HOSTILE_DOCUMENTS: HostileDocument[] = [
  {
    name: 'nested-paragraphs.docx',
    refused: /^word\/document\.xml nests elements more than 256 levels deep \(line 1, column \d+\)$/,
    kind: 'docx',
    // Left open: 1,000,000 bytes of markup stays under the 1 MiB floor of the zip bomb ratio check.
    shape: '200,000 paragraphs each opened inside the one before (never closed)',
    build: () => makeDocxXml('<w:p>'.repeat(200_000)),
  },
  {
    name: 'nested-tables.docx',
    refused: /^word\/document\.xml nests elements more than 256 levels deep \(line 1, column \d+\)$/,
    kind: 'docx',
    shape: '50,000 tables each opened in a cell of the one before (never closed)',
    build: () => makeDocxXml('<w:tbl><w:tr><w:tc>'.repeat(50_000)),
  },
  {
    name: 'many-attributes.docx',
    refused: /^word\/document\.xml has an element with more than 1000 attributes \(line 1, column \d+\)$/,
    kind: 'docx',
    shape: 'one paragraph with 100,000 attributes',
    build: () => {
      const attributes = Array.from({ length: 100_000 }, (_, i) => ` a${i}=""`).join('');
      return makeDocxXml(`<w:p${attributes}><w:r><w:t>hi</w:t></w:r></w:p>`);
    },
  },
  {
    name: 'many-namespaces.docx',
    refused: /^word\/document\.xml has an element with more than 1000 attributes \(line 1, column \d+\)$/,
    kind: 'docx',
    shape: '20,000 namespace prefixes declared on one element, then 100,000 paragraphs inside it',
    build: () => {
      const prefixes = Array.from({ length: 20_000 }, (_, i) => ` xmlns:p${i}="urn:x"`).join('');
      return makeDocxXml(`<w:sdt${prefixes}>${'<w:p/>'.repeat(100_000)}</w:sdt>`);
    },
  },
  {
    name: 'repeated-header.csv',
    kind: 'csv',
    shape: 'a header of 100,000 columns all named "a", one data row',
    build: async () => Buffer.from(`${Array(100_000).fill('a').join(',')}\n${Array(100_000).fill('1').join(',')}\n`),
  },
];
