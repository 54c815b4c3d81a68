import { ATTACHMENT_BYTES, ATTACHMENTS_MAX, messagesCalls, messagesRights } from '@hortus/contract/modules/messages';
import { defineCall } from '../../../platform/http/calls';
import { uploadAttachments } from '../attachments';

/** uploadAnhaenge: the writer's attachments, stored before the message that links them (sendNachricht `anhaenge`). */
export const uploadAnhaengeCall = defineCall(messagesCalls.uploadAnhaenge).forSession({
  rights: [messagesRights.write],
  upload: { maxFileBytes: ATTACHMENT_BYTES, maxFiles: ATTACHMENTS_MAX },
  async handle({ app, input, user }) {
    const anhaenge = await uploadAttachments(app, user, [
      input.file1,
      input.file2,
      input.file3,
      input.file4,
      input.file5,
    ]);
    return { status: 'success' as const, anhaenge };
  },
});
