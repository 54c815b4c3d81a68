import { hydrantCalls, hydrantRights } from '@hortus/contract/modules/hydrants';
import { defineCall } from '../../../platform/http/calls';
import { reverseGeocode, searchAddress } from '../map-service';

/** The geocoding proxy: the browser never calls the outside service itself. */
export const reverseGeocodeCall = defineCall(hydrantCalls.reverseGeocode).forSession({
  rights: [hydrantRights.map],
  async handle({ app, input }) {
    return { status: 'success', adresse: await reverseGeocode(input.lat, input.lon, app.publicUrl) };
  },
});

export const searchAddressCall = defineCall(hydrantCalls.searchAddress).forSession({
  rights: [hydrantRights.map],
  async handle({ app, input }) {
    return { status: 'success', ...(await searchAddress(input.q, app.publicUrl)) };
  },
});
