import { lazyPage, type ModulePages } from '../../platform/module-page/web-module';
import { CustomersPage } from './pages/customers-page';

/** Module 410 Kunden: customers, orders and contracts with documents, costs with the revenue overview, settings. */
const pages: ModulePages = {
  '': CustomersPage,
  '100': lazyPage(() => import('./pages/orders-page'), 'OrdersPage'),
  '200': lazyPage(() => import('./pages/costs-page'), 'CostsPage'),
  set: lazyPage(() => import('./pages/customer-settings-page'), 'CustomerSettingsPage'),
};
export default pages;
