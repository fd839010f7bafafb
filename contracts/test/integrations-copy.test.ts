/**
 * The connected accounts' texts that come from the spec (spec 000 §4 "Service connect form", §6 roles), word for word
 * as the spec writes them, with `{service}`, `{host}` and `{product}` filled in.
 */
import * as copy from '../src/copy';

it('keeps the spec\'s connect form and reconnect texts verbatim', () => {
  expect(copy.integrations.connect).toBe('Connect');
  expect(copy.integrations.save).toBe('Save');
  expect(copy.integrations.firstConnection('Airtable')).toBe('First Airtable connection');
  expect(copy.integrations.reconnectAskAdmin('HubSpot', 'forms.example.com')).toBe('Contact an admin or support@forms.example.com to reconnect this HubSpot account');
  expect(copy.integrations.reconnectAskCreator('HubSpot', 'Formloom')).toBe(
    'Contact the creator of this form and ask them to connect a different HubSpot account to Formloom.',
  );
  expect(copy.integrationNodes.schemaLoadFailed('base')).toBe("Couldn't find your bases");
});
