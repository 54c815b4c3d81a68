import type { ModulePages } from '../../platform/module-page/web-module';
import { lazyExport } from '../../platform/lazy/lazy-export';
import { UsersPage } from './pages/users-page';

/** Module 005 Benutzerverwaltung: Benutzer, Parameter, Gruppen, Protokoll, Datenschutz. */
const pages: ModulePages = {
  '': UsersPage,
  '010': lazyExport(() => import('./pages/parameters-page'), 'ParametersPage'),
  '020': lazyExport(() => import('./pages/groups-page'), 'GroupsPage'),
  '030': lazyExport(() => import('./pages/protokoll-page'), 'ProtokollPage'),
  '040': lazyExport(() => import('./pages/datenschutz-page'), 'DatenschutzPage'),
};
export default pages;
