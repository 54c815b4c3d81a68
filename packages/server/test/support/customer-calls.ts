import { customerCalls, type CustomerData, type CustomerSave } from '@hortus/contract/modules/customers';
import { expectStatus, type Reply, type TestServer } from './helper';

/** Module 410's getSettings as the tests use it: one save action, or a load that must succeed. */
export function customerCallsOf(server: () => TestServer) {
  return {
    save(code: string, dataToSave: CustomerSave | Record<string, unknown>): Promise<Reply> {
      return server().call(customerCalls.getSettings, code, { dataToSave });
    },
    /** Adds a customer with one contact (with e-mail) and one address; returns its id. */
    async addCustomer(code: string, input: Record<string, unknown> = {}): Promise<number> {
      const reply = await server().call(customerCalls.getSettings, code, {
        dataToSave: {
          type: 'addKunde',
          data: {
            id: 0,
            firma: 'Bäckerei Müller & Söhne',
            ansprechpartner: [{ anrede: 'Frau', vorname: 'Anna', nachname: 'Müller', mail: 'anna@example.org' }],
            anschriften: [
              {
                firma: 'Bäckerei Müller & Söhne',
                strasse: 'Hauptstraße',
                hausnummer: '1',
                plz: '01099',
                ort: 'Dresden',
              },
            ],
            ...input,
          },
        },
      });
      expectStatus(reply, 'success');
      return (reply.body.save as CustomerData).lastAddedKunde;
    },
    async data(code: string): Promise<CustomerData> {
      const reply = await server().call(customerCalls.getSettings, code);
      expectStatus(reply, 'success', 200);
      return reply.body.save as CustomerData;
    },
  };
}

/** The seller's data an XRechnung needs beyond a name (address, phone, e-mail: BR-DE-2..9). */
export const XRECHNUNG_SELLER = {
  strasse: 'Hauptstraße',
  hausnummer: '2',
  plz: '01099',
  ort: 'Dresden',
  telefon: '0351 123456',
  mail: 'rechnung@muster.example',
} as const;
