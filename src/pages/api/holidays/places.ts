import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { holidayPlaces } from '#server/services/holidays/holiday-places.ts';

/** GET `?country=`: `{country, countries: [{code, name}], regions: [{code, name}]}` for the import form. */
export const GET = endpoint(async (context) => {
  requireUser(context);
  return answer('GET /api/holidays/places', await holidayPlaces(context.url.searchParams, context.locals.lang));
});
