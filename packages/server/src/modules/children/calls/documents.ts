import { childrenCalls, childrenRights } from '@hortus/contract/modules/children';
import { defineCall } from '../../../platform/http/calls';
import { deleteAttachment, deleteDocument, uploadAttachment, uploadDocument } from '../documents';

/** Largest document (20 MB, docs/api.md). */
const DOCUMENT_BYTES = 20 * 1024 * 1024;

export const uploadDokumentCall = defineCall(childrenCalls.uploadDokument).forSession({
  rights: [childrenRights.list],
  upload: { maxFileBytes: DOCUMENT_BYTES, maxFiles: 1 },
  async handle({ app, input, user }) {
    return { status: 'success', dokument: await uploadDocument(app, user, input.idKind, input.file) };
  },
});

export const deleteDokumentCall = defineCall(childrenCalls.deleteDokument).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    await deleteDocument(app, user, input.id);
    return { status: 'success' };
  },
});

export const uploadAnhangCall = defineCall(childrenCalls.uploadAnhang).forSession({
  rights: [childrenRights.list],
  upload: { maxFileBytes: DOCUMENT_BYTES, maxFiles: 1 },
  async handle({ app, input, user }) {
    return { status: 'success', anhang: await uploadAttachment(app, user, input.idAusnahme, input.file) };
  },
});

export const deleteAnhangCall = defineCall(childrenCalls.deleteAnhang).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    await deleteAttachment(app, user, input.idAusnahme, input.pfad);
    return { status: 'success' };
  },
});
