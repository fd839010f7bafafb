/**
 * The Conversion Kit upsell modal (spec 001 §2 "The Conversion kit category shows an 'Add-on' badge, opening the
 * upsell modal", §6, §9 "Conversion Kit price: 0.25 x leads + 25 USD per month; default lead count 300 (so 100)"):
 * a lead count (default 300), the monthly price it makes, and 'Get started', which asks for a checkout session
 * (`POST /billing/session/conversionkit`, spec 001 §7) and sends the browser to its `url` — through the router when
 * it is a path of this site (the embedded billing provider's), else as a full page load.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { CONVERSION_KIT_DEFAULT_LEADS, CONVERSION_KIT_MAX_LEADS } from '@formloom/contracts/limits';
import { conversionKitMonthlyPriceUsd } from '@formloom/contracts/rules/conversion-kit';
import { errorMessage } from '../../../lib/api-client';
import { useConversionKitCheckout } from '../api/billing';

/** `usd` as the upsell shows it: whole dollars without decimals, else two ('100', '25.25'). */
export function formatUsd(usd: number): string {
  return Number.isInteger(usd) ? String(usd) : usd.toFixed(2);
}

/** The upsell modal; `onClose` closes it. */
export function ConversionKitUpsell({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [leads, setLeads] = useState<number>(CONVERSION_KIT_DEFAULT_LEADS);
  const checkout = useConversionKitCheckout();
  const navigate = useNavigate();
  const valid = Number.isInteger(leads) && leads >= 1 && leads <= CONVERSION_KIT_MAX_LEADS;

  function getStarted() {
    checkout.mutate(leads, {
      onSuccess: (url) => {
        if (url.startsWith('/') && !url.startsWith('//')) {
          onClose();
          void navigate(url);
        } else {
          window.location.assign(url);
        }
      },
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={copy.workflowGallery.upsellTitle} centered zIndex={400}>
      <Stack gap="md" data-testid="conversion-kit-upsell">
        <Text fz="sm">{copy.workflowGallery.upsellText}</Text>
        <NumberInput
          label={copy.workflowGallery.leadsLabel}
          value={leads}
          min={1}
          max={CONVERSION_KIT_MAX_LEADS}
          allowDecimal={false}
          allowNegative={false}
          onChange={(value) => setLeads(typeof value === 'number' ? value : Number(value) || 0)}
        />
        <Text fw={700} fz="xl" data-testid="conversion-kit-price">
          {copy.workflowGallery.monthlyPrice(formatUsd(conversionKitMonthlyPriceUsd(leads)))}
        </Text>
        {checkout.isError && (
          <Alert color="red" variant="light" title={copy.workflowGallery.checkoutFailed} role="alert">
            {errorMessage(checkout.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={getStarted} loading={checkout.isPending} disabled={!valid}>
            {copy.workflowGallery.getStarted}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
