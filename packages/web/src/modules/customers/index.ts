import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { CustomersPage } from './pages/customers-page';

/** Module 410 Kunden: customers, orders and contracts with documents, costs with the revenue overview, settings. */
const pages: ModulePages = {
  '': CustomersPage,
  '100': lazyExport(() => import('./pages/orders-page'), 'OrdersPage'),
  '200': lazyExport(() => import('./pages/costs-page'), 'CostsPage'),
  '300': lazyExport(() => import('./pages/receivables-page'), 'ReceivablesPage'),
  set: lazyExport(() => import('./pages/customer-settings-page'), 'CustomerSettingsPage'),
};
export default pages;
