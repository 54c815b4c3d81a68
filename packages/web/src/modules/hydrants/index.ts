import type { ModulePages } from '../../platform/module-page/web-module';
import { EditPage } from './pages/edit-page';
import { MapPage } from './pages/map-page';
import { RoutesPage } from './pages/routes-page';
import { SearchPage } from './pages/search-page';
import { SettingsPage } from './pages/settings-page';

/** Module 310 Hydrantenpflege: map (Leaflet loads lazily with it), search, routes, edit form, settings. */
const pages: ModulePages = {
  '': MapPage,
  '020': SearchPage,
  '010': RoutesPage,
  '030': EditPage,
  '100': SettingsPage,
};
export default pages;
