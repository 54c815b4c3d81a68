import type { ModulePages } from '../../platform/module-page/web-module';
import { EmployeesPage } from './pages/employees-page';

/** Module 420 Mitarbeiter: employees, monthly payrolls with PDF statements, wage groups and holidays. */
const pages: ModulePages = { '': EmployeesPage };
export default pages;
