import { lazyPage, type ModulePages } from '../../platform/module-page/web-module';
import { MapPage } from './pages/map-page';

/** Module 310 Hydrantenpflege: map (Leaflet loads lazily with it), search, routes, edit form, settings. */
const pages: ModulePages = {
  '': MapPage,
  '020': lazyPage(() => import('./pages/search-page'), 'SearchPage'),
  '010': lazyPage(() => import('./pages/routes-page'), 'RoutesPage'),
  '030': lazyPage(() => import('./pages/edit-page'), 'EditPage'),
  '100': lazyPage(() => import('./pages/settings-page'), 'SettingsPage'),
};
export default pages;
