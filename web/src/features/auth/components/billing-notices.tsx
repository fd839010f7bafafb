/**
 * Billing on the signed-in pages (spec 000 §2):
 * - {@link PastDueBanner}: while the organization's billing record is past due (`billingStatus: 'past_due'` on
 *   `GET /auth/me`), a banner above every page — admins get 'Update billing' (the settings page), members are asked
 *   to tell an admin;
 * - {@link BillingSuccessModal}: after a checkout, the page opened with `?billing-success=yes&p=<plan>` shows the
 *   'Payment successful' modal with the plan's text (`p` = `conversion-kit`, `zite` or anything else: `other`);
 *   closing it takes the two parameters out of the URL, so a reload does not show it again.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { IconAlert, IconCheck } from '../../../ui/icons';
import { useMe } from '../api/get-me';

/** The query parameter that opens the billing-success modal (value `yes`), and the one naming the plan. */
export const BILLING_SUCCESS_PARAM = 'billing-success';
export const BILLING_PLAN_PARAM = 'p';

/** See the module doc. Nothing while the billing record is in good standing. */
export function PastDueBanner() {
  const me = useMe();
  const organization = me.data?.organizations[0];
  if (!me.data || organization?.billingStatus !== 'past_due') return null;
  const isAdmin = me.data.user.isAdmin;
  return (
    <Alert color="red" variant="light" radius={0} icon={<IconAlert />} py="xs" data-testid="past-due-banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" c="dark.7">
          {isAdmin ? copy.billing.pastDue : copy.billing.pastDueAskAdmin}
        </Text>
        {isAdmin && (
          <Button size="compact-sm" variant="white" color="red" component={Link} to={paths.settings.getHref()}>
            {copy.billing.updateBilling}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** The plan of `p`: one of the spec's three, `other` for anything else. */
function planOf(value: string | null): keyof typeof copy.billing.successBody {
  return value === 'conversion-kit' || value === 'zite' ? value : 'other';
}

/** See the module doc. */
export function BillingSuccessModal() {
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get(BILLING_SUCCESS_PARAM) !== 'yes') return null;
  const plan = planOf(searchParams.get(BILLING_PLAN_PARAM));

  function close() {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BILLING_SUCCESS_PARAM);
        next.delete(BILLING_PLAN_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Modal opened onClose={close} centered title={<Text fw={700} fz="lg">{copy.billing.successTitle}</Text>} data-testid="billing-success">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />
          <Text>{copy.billing.successBody[plan]}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {copy.billing.successDone}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
