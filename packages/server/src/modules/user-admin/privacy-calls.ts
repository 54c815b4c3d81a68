import { userAdminCalls, userAdminMessages, userAdminRights } from '@hortus/contract';
import { offerFile } from '../../platform/files/offer-file';
import { CallError, defineCall } from '../../platform/http/calls';
import { UnknownPersonError, datenauskunft } from '../../platform/privacy/datenauskunft';

/** Art. 15 DSGVO: everything stored about one user as a ZIP, for user administrators (x|005|000). */
export const datenauskunftCall = defineCall(userAdminCalls.datenauskunft).forSession({
  rights: [userAdminRights.list],
  async handle({ app, input, user }) {
    let bytes: Buffer;
    try {
      bytes = await datenauskunft(app, input.data);
    } catch (error) {
      if (error instanceof UnknownPersonError) throw new CallError('notFound', userAdminMessages.unknownUser);
      throw error;
    }
    const offered = await offerFile(
      { app, user },
      { name: `Datenauskunft-${input.data}.zip`, mime: 'application/zip', bytes },
      { via: 'download', key: 'datenauskunft.zip' },
    );
    return { status: 'success', ...offered };
  },
});
