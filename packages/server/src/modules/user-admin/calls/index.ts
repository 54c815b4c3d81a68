import type { CallDefinition } from '../../../platform/http/calls';
import { delNutzergruppeCall, getNutzergruppenCall, saveNutzergruppeCall } from './groups';
import { delNutzerparameterCall, saveNutzerparameterCall } from './parameters';
import { getProtokollCall } from './protokoll';
import { datenauskunftCall, getDatenschutzCall, saveDatenschutzCall } from './privacy';
import { delNutzerCall, getNutzerCall, getRechteCall, resetPWCall, saveNutzerCall } from './users';

/** Every call of user administration (005); all live under /_api/settings/ with ?func=. */
export const userAdminServerCalls: CallDefinition[] = [
  getNutzerCall,
  saveNutzerCall,
  delNutzerCall,
  resetPWCall,
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
];
