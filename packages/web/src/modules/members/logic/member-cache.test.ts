import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberDetail } from '@hortus/contract/modules/members';
import {
  cachedMemberDetail,
  cachedMemberList,
  cachedMemberSettings,
  cacheMemberDetail,
  cacheMemberList,
  cacheMemberSettings,
  readMemberCache,
} from './member-cache';

const detail = (id: number): MemberDetail => ({
  id,
  nn: `nn${id}`,
  ident: `Mitglied ${id}`,
  gruppen: [1],
  nutzerparameter: [],
  nutzerparameterwerte: {},
  nutzerparameterwerteSelectoptionIDs: {},
  gruppenBearbeiten: false,
});
const list = {
  nutzer: [
    { id: 1, ident: 'Mitglied 1', gruppen: [1], nutzerparameterwerte: {}, nutzerparameterwerteSelectoptionIDs: {} },
  ],
  spalten: [],
};

describe('member cache (f100)', () => {
  beforeEach(() => localStorage.clear());

  it('is empty at first', () => {
    expect(readMemberCache()).toEqual({ liste: null, details: {}, settings: null });
    expect(cachedMemberDetail(1)).toBeNull();
  });

  it('stores list, details and settings side by side as JSON under f100', () => {
    cacheMemberList(list);
    cacheMemberDetail(detail(1));
    cacheMemberDetail(detail(2));
    cacheMemberSettings({ anzeigeGruppen: [1, 2] });
    expect(cachedMemberList()).toEqual(list);
    expect(cachedMemberDetail(2)).toEqual(detail(2));
    expect(cachedMemberSettings()).toEqual({ anzeigeGruppen: [1, 2] });
    const stored = JSON.parse(localStorage.getItem('f100') ?? '');
    expect(Object.keys(stored).sort()).toEqual(['details', 'liste', 'settings']);
    expect(Object.keys(stored.details)).toEqual(['1', '2']);
  });

  it('replaces a detail by the newer answer', () => {
    cacheMemberDetail(detail(1));
    cacheMemberDetail({ ...detail(1), ident: 'Neu' });
    expect(cachedMemberDetail(1)?.ident).toBe('Neu');
  });

  it('drops damaged parts and keeps the rest', () => {
    localStorage.setItem('f100', JSON.stringify({ liste: { nutzer: 'x' }, details: { 1: detail(1), 2: { id: 'x' } } }));
    expect(readMemberCache()).toEqual({ liste: null, details: { 1: detail(1) }, settings: null });
    localStorage.setItem('f100', 'kein json');
    expect(readMemberCache().details).toEqual({});
  });
});
