import { StripePriceMappings } from '../../../common/imports/stripe-import-schemas';
import { badRequest } from '../../platform/errors';

/** The preview's mappings arrive as JSON in the query: read and checked like a body's (400 otherwise). */
export function mappingsFromQuery(text: string | undefined): StripePriceMappings {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('invalid_input', 'mappings must be JSON: { "price id": "plan id" }');
  }
  const checked = StripePriceMappings.safeParse(parsed);
  if (!checked.success) throw badRequest('invalid_input', 'mappings must map price ids to plan ids');
  return checked.data;
}
