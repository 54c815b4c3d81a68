import {
  getMemberSettingsRequest,
  getMitgliederlisteRequest,
  getMitgliedRequest,
  membersRights,
  saveMemberSettingsRequest,
  type GetMitgliederlisteReply,
  type GetMitgliedReply,
} from '@hortus/contract';
import { defineCall, type CallDefinition } from '../../platform/http/calls';
import { loadMemberDetail, loadMemberList } from './directory';
import { readMemberSettings, saveMemberSettings } from './settings';

/** Calls of the member directory (100) under /_api/100/100/ (docs/api.md). */
const path = '/_api/100/100/';

export const getMitgliederlisteCall = defineCall({
  path,
  func: 'getMitgliederliste',
  auth: 'session',
  rights: [membersRights.list],
  request: getMitgliederlisteRequest,
  async handle({ db, user }): Promise<GetMitgliederlisteReply> {
    return { status: 'success', ...(await loadMemberList(db, user)) };
  },
});

export const getMitgliedCall = defineCall({
  path,
  func: 'getMitglied',
  auth: 'session',
  rights: [membersRights.list],
  request: getMitgliedRequest,
  async handle({ db, input, user }): Promise<GetMitgliedReply> {
    return { status: 'success', nutzer: await loadMemberDetail(db, user, input.id) };
  },
});

export const getMemberSettingsCall = defineCall({
  path,
  func: 'getSettings',
  auth: 'session',
  rights: [membersRights.list, membersRights.settings],
  request: getMemberSettingsRequest,
  async handle({ db }) {
    return { status: 'success', save: await readMemberSettings(db) };
  },
});

export const saveMemberSettingsCall = defineCall({
  path,
  func: 'saveSettings',
  auth: 'session',
  rights: [membersRights.settings],
  request: saveMemberSettingsRequest,
  async handle({ db, input }) {
    return { status: 'success', save: await saveMemberSettings(db, input.save) };
  },
});

export const membersCalls: CallDefinition[] = [
  getMitgliederlisteCall,
  getMitgliedCall,
  getMemberSettingsCall,
  saveMemberSettingsCall,
];
