import { lazyPage, type ModulePages } from '../../platform/module-page/web-module';
import { UsersPage } from './pages/users-page';

/** Module 005 Benutzerverwaltung: Benutzer, Parameter, Gruppen. */
const pages: ModulePages = {
  '': UsersPage,
  '010': lazyPage(() => import('./pages/parameters-page'), 'ParametersPage'),
  '020': lazyPage(() => import('./pages/groups-page'), 'GroupsPage'),
};
export default pages;
