import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { MapPage } from './pages/map-page';

/** Module 310 Hydrantenpflege: map (Leaflet loads lazily with it), search, routes, edit form, settings. */
const pages: ModulePages = {
  '': MapPage,
  '020': lazyExport(() => import('./pages/search-page'), 'SearchPage'),
  '010': lazyExport(() => import('./pages/routes-page'), 'RoutesPage'),
  '030': lazyExport(() => import('./pages/edit-page'), 'EditPage'),
  '100': lazyExport(() => import('./pages/settings-page'), 'SettingsPage'),
};
export default pages;
