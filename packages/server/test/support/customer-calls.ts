import { customerCalls, type CustomerData, type CustomerSave } from '@hortus/contract/modules/customers';
import { expectStatus, type Reply, type TestServer } from './helper';

/** Module 410's getSettings as the tests use it: one save action, or a load that must succeed. */
export function customerCallsOf(server: () => TestServer) {
  return {
    save(code: string, dataToSave: CustomerSave | Record<string, unknown>): Promise<Reply> {
      return server().call(customerCalls.getSettings, code, { dataToSave });
    },
    async data(code: string): Promise<CustomerData> {
      const reply = await server().call(customerCalls.getSettings, code);
      expectStatus(reply, 'success', 200);
      return reply.body.save as CustomerData;
    },
  };
}
