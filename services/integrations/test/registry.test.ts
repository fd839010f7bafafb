/**
 * The two registries of connectable types agree: every type with a connect definition in contracts (the form's
 * fields, the config's schema) has a connector here (the provider's API), and the reverse; each is filed under its
 * own type, and every field it asks for is a key of its config.
 */
import { CONNECT_DEFINITIONS } from '@formloom/contracts/integrations/registry';
import { SERVICE_TYPES } from '@formloom/contracts/integrations/service-types';
import { CONNECTORS } from '../src/connectors/registry';

it('connects exactly the types it has connectors for', () => {
  expect(Object.keys(CONNECTORS).sort()).toEqual(Object.keys(CONNECT_DEFINITIONS).sort());
  for (const [type, definition] of Object.entries(CONNECT_DEFINITIONS)) {
    expect(SERVICE_TYPES).toContain(type);
    expect(definition.type).toBe(type);
    expect(CONNECTORS[definition.type]?.type).toBe(type);
    expect(CONNECTORS[definition.type]?.defaultBaseUrl).toMatch(/^https:\/\//);
    // Every field is a key of the config: an empty config is refused at each required field, by its key.
    const parsed = definition.config.safeParse({});
    const refused = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
    expect(refused.sort()).toEqual(definition.fields.filter((field) => field.required).map((field) => field.key).sort());
  }
});
