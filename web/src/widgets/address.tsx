/**
 * The editor's settings of an Address question: which parts beyond street, city and country the respondent must
 * give ('Require a postal code', 'Require a state or province') and the 'Default country' the country list starts
 * on (searchable by name; empty: none).
 */
import { Group, Select, Stack, Switch } from '@mantine/core';
import { COUNTRIES } from '@formloom/contracts/countries';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

type AddressWidget = WidgetOf<'Address'>;

/** The countries as `Select` data: the name shown, the code kept. */
const COUNTRY_DATA = COUNTRIES.map(([code, name]) => ({ value: code, label: name }));

/** The two 'Require …' switches and 'Default country'. */
export function AddressSettings({ widget, onChange }: WidgetSettingsProps<AddressWidget>) {
  const { requirePostalCode, requireState, defaultCountry } = widget.template;
  const patch = (settings: Partial<AddressWidget['template']>) => onChange(patchWidgetTemplate(widget, settings));
  return (
    <Stack gap="sm">
      <Group gap="lg">
        <Switch
          size="sm"
          label="Require a postal code"
          checked={requirePostalCode === true}
          onChange={(event) => patch({ requirePostalCode: event.currentTarget.checked || undefined })}
        />
        <Switch
          size="sm"
          label="Require a state or province"
          checked={requireState === true}
          onChange={(event) => patch({ requireState: event.currentTarget.checked || undefined })}
        />
      </Group>
      <Select
        label="Default country"
        size="xs"
        w={260}
        placeholder="None"
        data={COUNTRY_DATA}
        value={defaultCountry ?? null}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        onChange={(code) => patch({ defaultCountry: code ?? undefined })}
      />
    </Stack>
  );
}
