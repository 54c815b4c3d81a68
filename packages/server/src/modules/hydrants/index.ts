import type { ServerModule } from '../../platform/modules/server-module';
import { reverseGeocodeCall, searchAddressCall } from './calls/map-service';
import {
  delHydrantCall,
  getHydrantenCall,
  saveHydrantCall,
  saveHydrantChangeMangelCall,
  saveHydrantChangeStatusALLCall,
  saveHydrantChangeStatusCall,
} from './calls/register';
import { exportRegisterCall, getBerichtCall, importRegisterCall } from './calls/register-io';
import { saveSettingsCall } from './calls/settings';
import { seedHydrantsDemo } from './demo-seed';
import { hydrantsProtokollLabels } from './schema';
import { hydrantsProtokollFields } from './protokoll';

/** Module 310: hydrant care (README.md): map register, statuses and defects, settings, geocoding proxy. */
export const hydrantsServerModule: ServerModule = {
  code: '310',
  protokollLabels: hydrantsProtokollLabels,
  protokollFields: hydrantsProtokollFields,
  calls: [
    getHydrantenCall,
    saveHydrantChangeStatusCall,
    saveHydrantChangeMangelCall,
    saveHydrantCall,
    delHydrantCall,
    saveSettingsCall,
    saveHydrantChangeStatusALLCall,
    getBerichtCall,
    exportRegisterCall,
    importRegisterCall,
    reverseGeocodeCall,
    searchAddressCall,
  ],
  demoSeed: (db, demo) => seedHydrantsDemo(db, demo.now),
};
