import type { ModulePages } from '../../platform/module-page/web-module';
import { CustomerSettingsPage } from './pages/customer-settings-page';
import { CostsPage } from './pages/costs-page';
import { CustomersPage } from './pages/customers-page';
import { OrdersPage } from './pages/orders-page';

/** Module 410 Kunden: customers, orders and contracts with documents, costs with the revenue overview, settings. */
const pages: ModulePages = { '': CustomersPage, '100': OrdersPage, '200': CostsPage, set: CustomerSettingsPage };
export default pages;
