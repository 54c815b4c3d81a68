import {
  customerCalls,
  type CustomerData,
  type CustomerSave,
  type CustomerSettings,
} from '@hortus/contract/modules/customers';
import { createGroup } from '../../src/seed/factories';
import { defaultCustomerSettings } from '../../src/modules/customers/settings';
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
    /** Adds an order of the customer with these service lines; returns its id. */
    async addOrder(code: string, customerId: number, leistungen: Record<string, unknown>[]): Promise<number> {
      const reply = await server().call(customerCalls.getSettings, code, {
        dataToSave: {
          type: 'addAuftrag',
          data: { id: 0, id_kunde: customerId, typ: 'Auftrag', titel: 'Auftrag', status: 1, leistungen },
        },
      });
      expectStatus(reply, 'success');
      return (reply.body.save as CustomerData).lastAddedAuftrag;
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

/**
 * The callers of a receivables test (issue 45): staff (x|410|000), the settings right alone, a user without
 * 410, a customer login; the settings saved with the customer group and `firma` merged in.
 */
export async function receivablesWorld(server: TestServer, firma: Partial<CustomerSettings['firma']>) {
  const admin = await server.userWithSession({ rechteSolo: ['x|410|000', 'x|410|set'] });
  const staff = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  const settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
  const outsider = await server.userWithSession({ rechteSolo: ['x|200|000'] });
  const customerGroup = await createGroup(server.database.db, { name: 'Kunden', rechte: ['x|410|000'] });
  const customerLogin = await server.userWithSession({ groupIds: [customerGroup] });
  const settings: CustomerSettings = {
    ...defaultCustomerSettings,
    id_nutzergruppe_kunde: customerGroup,
    firma: { ...defaultCustomerSettings.firma, name: 'Muster GmbH', ...firma },
  };
  const saved = await server.call(customerCalls.getSettings, admin.code, {
    dataToSave: { type: 'saveSettings', data: settings },
  });
  expectStatus(saved, 'success');
  return { staff, settingsOnly, outsider, customerLogin };
}
