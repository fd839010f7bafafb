/** Address: a postal address in parts — street, second line, city, state, postal code and country. */
import { z } from 'zod';
import { addressRules } from '../answers/address';
import * as copy from '../copy';
import { isCountryCode } from '../countries';
import { defineWidget, widgetTemplate } from './define-widget';

export { ADDRESS_PARTS, displayAddress, requiredAddressParts, type AddressAnswer, type AddressPart } from '../answers/address';

/**
 * The Address widget type.
 * - Settings: `requirePostalCode` and `requireState` (the parts required beyond street, city and country; unset:
 *   not required) and `defaultCountry` (the country chosen before the respondent picks one, an ISO 3166-1 alpha-2
 *   code of `countries.ts`; `copy.flows.unknownCountry(code)` at save time otherwise).
 * - Answer: `{street, line2?, city, state?, postalCode, country}` (`answers/address.ts` `checkAddress`: each part
 *   trimmed and bounded, the country a known code; `copy.answers.addressPartMissing`, `addressPartTooLong`,
 *   `invalidCountry`, `invalidAddress`).
 * - Text: one line, 'street, line2, city, state postalCode, Country name'.
 */
export const address = defineWidget({
  ...addressRules,
  template: widgetTemplate({
    requirePostalCode: z.boolean().optional(),
    requireState: z.boolean().optional(),
    defaultCountry: z.string().max(64).optional(),
  }),
  editor: { name: 'Address', defaultLabel: 'Address', hint: 'A postal address: street, city, postal code, country' },
  settingErrors: ({ defaultCountry }) =>
    defaultCountry !== undefined && !isCountryCode(defaultCountry)
      ? [{ path: 'defaultCountry', message: copy.flows.unknownCountry(defaultCountry) }]
      : [],
  sample: {
    settings: { requirePostalCode: true, defaultCountry: 'US' },
    answer: { street: ' 1 Main St ', line2: 'Apt 4', city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
    display: '1 Main St, Apt 4, Springfield, IL 62704, United States',
  },
});
