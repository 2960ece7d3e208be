// The text of a PDF as pdf.js reads it (what a reader's copy-and-paste gives), page after page.
import path from 'node:path';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head !== '%PDF-') throw new Error(`not a PDF: ${head}`);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`,
  }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const items = (await (await pdf.getPage(n)).getTextContent()).items as { str?: string }[];
    text += `${items.map((i) => i.str ?? '').join(' ')}\n`;
  }
  return text;
}

/** The first attachment of a raw email (base64, as nodemailer writes it), as bytes. */
export function emailAttachment(raw: string): Buffer | null {
  const match =
    /Content-Transfer-Encoding: base64\r?\nContent-Disposition: attachment;[^\n]*\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      raw,
    );
  return match ? Buffer.from(match[1].replace(/\s/g, ''), 'base64') : null;
}
