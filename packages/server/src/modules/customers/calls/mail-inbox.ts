import { customerRights, mailInboxCalls } from '@hortus/contract/modules/customers';
import { defineCall } from '../../../platform/http/calls';
import { requireStaff } from '../access';
import { discardDraft, draftViews, skippedViews } from '../cost-drafts';
import { fetchInbox, inboxStatus } from '../mail-inbox';

/** Opt-in (issue 45): the draft costs received by mail and the skipped mails (staff: the costs right). */
export const kostenEntwuerfeCall = defineCall(mailInboxCalls.kostenEntwuerfe).forSession({
  rights: [customerRights.use],
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    if (input.verwerfen > 0) await discardDraft(app, input.verwerfen);
    const [entwuerfe, uebersprungen, posteingang] = await Promise.all([
      draftViews(db),
      skippedViews(db),
      inboxStatus(db),
    ]);
    return { status: 'success', entwuerfe, uebersprungen, posteingang };
  },
});

/** Opt-in (issue 45): the inbox's last fetch (staff or the settings right); `abrufen` fetches now. */
export const posteingangCall = defineCall(mailInboxCalls.posteingang).forSession({
  rights: [customerRights.use, customerRights.settings],
  async handle({ app, db, input, user }) {
    await requireStaff(db, user);
    return { status: 'success', posteingang: input.abrufen ? await fetchInbox(app) : await inboxStatus(db) };
  },
});
