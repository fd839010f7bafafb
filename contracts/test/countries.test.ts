/** `countries.ts`: the countries an Address answer names, by ISO 3166-1 alpha-2 code. */
import { COUNTRIES, countryName, isCountryCode } from '../src/countries';

describe('the country list', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes once each, sorted by English name', () => {
    const codes = COUNTRIES.map(([code]) => code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    const names = COUNTRIES.map(([, name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names a code in English, and leaves anything else as it is', () => {
    expect([countryName('DE'), countryName('US'), countryName('GB'), countryName('CI')]).toEqual(['Germany', 'United States', 'United Kingdom', 'Côte d’Ivoire']);
    expect(countryName('XX')).toBe('XX');
    expect([isCountryCode('FR'), isCountryCode('fr'), isCountryCode('FRA'), isCountryCode(33)]).toEqual([true, false, false, false]);
  });
});
