import { childrenRights, idCardCalls } from '@hortus/contract/modules/children';
import { offerFile } from '../../../platform/files/offer-file';
import { defineCall } from '../../../platform/http/calls';
import { cardsPdf } from '../id-cards-pdf';
import { cardOfChild, cardsOfClasses, createCard, deleteCard, getCard, scanCard } from '../id-cards';

/** Largest photo for a card (10 MB). */
const PHOTO_BYTES = 10 * 1024 * 1024;

/** ID cards (school.md 4.6, 7.3): everyone with the children tab, per child by its class conditions. */
export const getKarteCall = defineCall(idCardCalls.getKarte).forSession({
  rights: [childrenRights.list],
  async handle({ db, input, user }) {
    return { status: 'success', karte: await getCard(db, user, input.id_kind) };
  },
});

export const createKarteCall = defineCall(idCardCalls.createKarte).forSession({
  rights: [childrenRights.list],
  upload: { maxFileBytes: PHOTO_BYTES, maxFiles: 1 },
  async handle({ app, input, user }) {
    const created = await createCard(app, user, input);
    return {
      status: 'success',
      gesichtErkannt: created.gesichtErkannt,
      created: { ergebnis: created.karte.vorschau },
      neuIDCard: created.karte,
    };
  },
});

export const deleteKarteCall = defineCall(idCardCalls.deleteKarte).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    await deleteCard(app, user, input.id_kind);
    return { status: 'success' };
  },
});

export const getKartePdfCall = defineCall(idCardCalls.getKartePdf).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    const card = await cardOfChild(app, user, input.id_kind);
    const bytes = await cardsPdf([card], `Ausweis ${card.name}`);
    const offered = await offerFile(
      { app, user },
      { name: `Ausweis_${card.name.replace(/\s+/g, '_')}.pdf`, mime: 'application/pdf', bytes },
      { via: 'download', key: 'ausweis.pdf' },
    );
    return { status: 'success', ...offered };
  },
});

export const getAllKarteCall = defineCall(idCardCalls.getAllKarte).forSession({
  rights: [childrenRights.list],
  async handle({ app, input, user }) {
    const cards = await cardsOfClasses(app, user, input.filterKlassen);
    const bytes = await cardsPdf(cards, 'Ausweise');
    const offered = await offerFile(
      { app, user },
      { name: 'Ausweise.pdf', mime: 'application/pdf', bytes },
      { via: 'download', key: 'ausweise.pdf' },
    );
    return { status: 'success', count: cards.length, ...offered };
  },
});

/** The scan station: needs the children tab; the child's class decides (see scanCard). */
export const scanKarteCall = defineCall(idCardCalls.scanKarte).forSession({
  rights: [childrenRights.list],
  async handle({ db, input, user }) {
    return { status: 'success', meldung: await scanCard(db, user, input.qr) };
  },
});
