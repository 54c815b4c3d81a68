import type { ModulePages } from '../../platform/module-page/web-module';
import { CustomerSettingsPage } from './pages/customer-settings-page';
import { CustomersPage } from './pages/customers-page';
import { OrdersPage } from './pages/orders-page';

/** Module 410 Kunden: customers, orders and contracts with documents, settings. */
const pages: ModulePages = { '': CustomersPage, '100': OrdersPage, set: CustomerSettingsPage };
export default pages;
