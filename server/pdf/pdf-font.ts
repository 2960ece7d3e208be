// A font for the feedback PDF that covers Chinese as well as Latin text: PDF_FONT (a .ttf, .otf or
// .ttc file; for a collection PDF_FONT_NAME picks the face), else the first of the usual system CJK
// fonts that exists (Debian's fonts-wqy-microhei, fonts-noto-cjk). None: the PDF uses Helvetica and
// characters it cannot draw become '?'.
import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const CANDIDATES = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', name: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', name: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', name: 'WenQuanYiZenHei' },
];

let loaded: { bytes: Uint8Array; name?: string } | null | undefined;
let parsed: { data: Uint8Array; font: unknown } | undefined;

function fontFile(): { bytes: Uint8Array; name?: string } | null {
  if (loaded !== undefined) return loaded;
  const configured = process.env.PDF_FONT;
  const found = configured
    ? { path: configured, name: process.env.PDF_FONT_NAME }
    : CANDIDATES.find((c) => existsSync(c.path));
  loaded = found ? { bytes: new Uint8Array(readFileSync(found.path)), name: found.name } : null;
  return loaded;
}

/** The wide-coverage font embedded in `doc` (subset to the characters used), or null when there is none. */
export async function embedWideFont(doc: PDFDocument): Promise<PDFFont | null> {
  const file = fontFile();
  if (!file) return null;
  const { name } = file;
  // pdf-lib asks fontkit for "the" font of the file; for a collection (.ttc) that is the named face.
  // Parsed once per process: parsing a CJK collection took most of each PDF's time (40-100 ms), and the
  // parsed font is only read (each document makes its own subset of it).
  doc.registerFontkit({
    create: (data: Uint8Array) => {
      if (parsed?.data === data) return parsed.font;
      const font = fontkit.create(data as Buffer, name);
      const face = (font as { fonts?: unknown[] }).fonts
        ? (font as unknown as { fonts: (typeof font)[] }).fonts[0]
        : font;
      parsed = { data, font: face };
      return face;
    },
  } as typeof fontkit);
  return doc.embedFont(file.bytes, { subset: true });
}
