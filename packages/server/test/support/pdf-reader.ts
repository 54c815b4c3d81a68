import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfFile = Awaited<ReturnType<typeof getDocument>['promise']>;

/** Opens a PDF with pdf.js (what browsers use) to read it back the way a viewer would. */
export function openPdf(bytes: Uint8Array): Promise<PdfFile> {
  return getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
}

/** The text of every page as a viewer extracts it (copy & paste, search), runs of white space as one space. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await openPdf(bytes);
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const strings = content.items.map((item) => ('str' in item ? item.str : ''));
    texts.push(strings.join(' ').replace(/\s+/g, ' ').trim());
  }
  await pdf.destroy();
  return texts;
}

export { OPS };

/** The document title from the PDF's info dictionary. */
export async function documentTitle(bytes: Uint8Array): Promise<unknown> {
  const pdf = await openPdf(bytes);
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return (info as { Title?: unknown }).Title;
}

/** The XMP metadata as pdf.js parses it: property names in lower case ('fx:documenttype') to their text. */
export async function xmpMetadata(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const pdf = await openPdf(bytes);
  const { metadata } = await pdf.getMetadata();
  await pdf.destroy();
  return Object.fromEntries(metadata ? [...(metadata as unknown as Iterable<[string, unknown]>)] : []);
}

/** The XMP metadata stream as written. */
export async function xmpRaw(bytes: Uint8Array): Promise<string> {
  const pdf = await openPdf(bytes);
  const { metadata } = await pdf.getMetadata();
  await pdf.destroy();
  return metadata?.getRaw() ?? '';
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The axis-parallel rectangles a page fills, in pdfkit's coordinates (points from the top-left corner).
 * pdf.js hands each path over as drawing operations (0 moveTo, 1 lineTo, 2 curveTo, 3 quadraticCurveTo,
 * 4 closePath); a rectangle is a moveTo followed by three lineTo.
 */
export async function filledRectangles(bytes: Uint8Array, pageNumber = 1): Promise<Rectangle[]> {
  const pdf = await openPdf(bytes);
  const operators = await (await pdf.getPage(pageNumber)).getOperatorList();
  const rectangles: Rectangle[] = [];
  operators.fnArray.forEach((fn, index) => {
    if (fn !== OPS.constructPath) return;
    const [paintOp, pathData] = operators.argsArray[index] as [number, (ArrayLike<number> | null)[]];
    if (paintOp !== OPS.fill && paintOp !== OPS.eoFill) return;
    for (const data of pathData) {
      if (!data) continue;
      let points: [number, number][] = [];
      for (let i = 0; i < data.length;) {
        const op = data[i] ?? -1;
        if (op === 0 || op === 1) {
          if (op === 0) points = [];
          points.push([data[i + 1] ?? 0, data[i + 2] ?? 0]);
          i += 3;
        } else if (op === 4) {
          i += 1;
        } else {
          i += op === 2 ? 7 : 5;
          points = [];
        }
        if (points.length === 4) {
          const xs = points.map((point) => point[0]);
          const ys = points.map((point) => point[1]);
          const x = Math.min(...xs);
          const y = Math.min(...ys);
          rectangles.push({ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
          points = [];
        }
      }
    }
  });
  await pdf.destroy();
  return rectangles;
}
