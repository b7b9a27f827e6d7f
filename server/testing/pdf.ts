// The text of a PDF the server answered (the security report), read by a real parser: pdf.js's legacy build,
// which runs in Node 20 without a browser. For the server tests and the end-to-end journey.
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The standard 14 fonts' data (the report uses Helvetica, not embedded): no warning at each page. */
const standardFontDataUrl = fileURLToPath(
  new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url),
);

/** The text of every page of a PDF, one line per text item, pages one after the other. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: bytes,
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await doc.destroy();
  return out.join('\n');
}
