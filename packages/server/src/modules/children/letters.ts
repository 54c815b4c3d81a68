import { childrenMessages, type ChildrenSettings, type ParentView } from '@hortus/contract/modules/children';
import { and, eq } from 'drizzle-orm';
import { files } from '../../platform/db/schema';
import { TEMP_AREA, withFiles } from '../../platform/files/files';
import type { AppContext } from '../../platform/http/calls';
import { renderPdf } from '../../platform/pdf/pdf-document';

export interface LetterInput {
  settings: ChildrenSettings;
  /** The app address the letter names and encodes as QR code. */
  appUrl: string;
  parents: readonly ParentView[];
  startPasswords: ReadonlyMap<number, string>;
}

/** Download name of a letter: 'Zugangsdaten_' + user name, or 'Zugangsdaten_Alle' for several. */
export function letterName(parents: readonly Pick<ParentView, 'nn'>[]): string {
  const only = parents.length === 1 ? parents[0] : undefined;
  return `Zugangsdaten_${only ? only.nn : 'Alle'}.pdf`;
}

/**
 * Erasure of a parent account: the single letters made for it (kept for the users who printed them, with
 * the user name and start password) go with it. Letters for several parents ('Zugangsdaten_Alle') stay.
 */
export async function removeLoginLetters(app: AppContext, nn: string): Promise<void> {
  await withFiles(app, async (tx, store) => {
    const letters = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.area, TEMP_AREA), eq(files.originalName, letterName([{ nn }]))));
    await store.remove(letters.map((letter) => letter.id));
  });
}

/** One page per parent: text before, app address, user name, start password, text after, QR code of the app. */
export function loginLetters(input: LetterInput): Promise<Buffer> {
  return renderPdf({ title: childrenMessages.letterTitle }, (pdf) => {
    input.parents.forEach((parent, index) => {
      if (index > 0) pdf.newPage();
      pdf.title(childrenMessages.letterTitle, { size: 22, gapAfter: 12 });
      if (parent.name) pdf.text(parent.name, { size: 13, gapAfter: 10 });
      if (input.settings.eltern_elternbriefLogindaten_textBeforeLogindata) {
        pdf.paragraph(input.settings.eltern_elternbriefLogindaten_textBeforeLogindata);
      }
      pdf.space(8);
      pdf.table({
        columns: [{ header: 'Zugangsdaten', width: 160 }, { header: '' }],
        rows: [
          ['App-Adresse', input.appUrl],
          ['Benutzername', parent.nn],
          ['Startpasswort', input.startPasswords.get(parent.id) ?? childrenMessages.passwordChanged],
        ],
        size: 12,
      });
      pdf.space(8);
      if (input.settings.eltern_elternbriefLogindaten_textAfterLogindata) {
        pdf.paragraph(input.settings.eltern_elternbriefLogindaten_textAfterLogindata);
      }
      pdf.space(12);
      pdf.qrCode(input.appUrl, { size: 150, align: 'left' });
    });
  });
}
