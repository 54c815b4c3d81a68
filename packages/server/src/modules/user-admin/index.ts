import type { ServerModule } from '../../platform/modules/server-module';
import { delNutzergruppeCall, getNutzergruppenCall, saveNutzergruppeCall } from './calls/groups';
import { delNutzerparameterCall, saveNutzerparameterCall } from './calls/parameters';
import { datenauskunftCall, datenschutzPapierCall, getDatenschutzCall, saveDatenschutzCall } from './calls/privacy';
import { getProtokollCall } from './calls/protokoll';
import {
  delNutzerCall,
  getNutzerCall,
  getRechteCall,
  resetPWCall,
  saveNutzerCall,
  sitzungenBeendenCall,
} from './calls/users';

/** Module 005: users, groups, parameters, Datenschutz and Protokoll (README.md); all under /_api/settings/. */
export const userAdminServerModule: ServerModule = {
  code: '005',
  calls: [
    getNutzerCall,
    saveNutzerCall,
    delNutzerCall,
    resetPWCall,
    sitzungenBeendenCall,
    getRechteCall,
    getNutzergruppenCall,
    saveNutzergruppeCall,
    delNutzergruppeCall,
    saveNutzerparameterCall,
    delNutzerparameterCall,
    getProtokollCall,
    datenauskunftCall,
    getDatenschutzCall,
    saveDatenschutzCall,
    datenschutzPapierCall,
  ],
};
