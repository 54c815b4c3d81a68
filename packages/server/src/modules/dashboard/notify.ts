import type { MeldungInput } from '@hortus/contract';
import { sendPush } from '../../platform/push/push';
import type { AppContext } from '../../platform/http/calls';
import { mailAddresses, recipientIds } from './messages';
import type { dashboardMessages } from './schema';

type MessageRow = typeof dashboardMessages.$inferSelect;

/**
 * After a save: e-mail (when sendMail is ticked) and, for a new message, a push notification to the
 * recipients. Planned messages notify nobody at save time (they are not visible yet). Mails are only
 * queued (app.mailer) and push runs detached, so neither can delay or fail the save. Answers the
 * number of queued addresses, or null when no mail was asked for.
 */
export async function notifyRecipients(
  app: AppContext,
  row: MessageRow,
  input: MeldungInput,
  isNew: boolean,
): Promise<number | null> {
  if (row.planned) return input.sendMail ? 0 : null;
  const userIds = await recipientIds(app.db, row);
  if (isNew && userIds.length > 0) {
    void sendPush(app.db, { userIds }, { title: row.titel, body: row.text.slice(0, 200), url: '/000' }).catch(() => {});
  }
  if (!input.sendMail) return null;
  const parameterIds = input.sendMailParameter
    .filter((parameter) => parameter.checked)
    .map((parameter) => parameter.id);
  const addresses = await mailAddresses(app.db, userIds, parameterIds);
  if (addresses.length > 0) app.mailer.send({ to: addresses, subject: row.titel, text: mailText(app, row) });
  return addresses.length;
}

function mailText(app: AppContext, row: MessageRow): string {
  const link = app.publicUrl ? `\n\nIm Dashboard ansehen: ${app.publicUrl.replace(/\/$/, '')}/000` : '';
  const form = row.feedbackEnabled ? '\n\nZu dieser Meldung gibt es ein Rückmeldeformular im Dashboard.' : '';
  return `${row.text}${form}${link}`;
}
