import type { ModulePages } from '../../platform/module-page/web-module';
import { GroupsPage } from './pages/groups-page';
import { ParametersPage } from './pages/parameters-page';
import { UsersPage } from './pages/users-page';

/** Module 005 Benutzerverwaltung: Benutzer, Parameter, Gruppen. */
const pages: ModulePages = { '': UsersPage, '010': ParametersPage, '020': GroupsPage };
export default pages;
