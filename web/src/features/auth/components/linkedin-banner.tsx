/**
 * The LinkedIn follow banner of the home page (spec 000 §2 "A LinkedIn follow banner is shown once per user and can be
 * dismissed"): shown until the user follows the link or closes it; either is remembered for them on the server
 * (`linkedin_follow` among `GET /auth/me`'s `dismissedNotices`), so it never comes back, on any device.
 */
import { ActionIcon, Anchor, Group, Paper, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { IconExternal, IconX } from '../../../ui/icons';
import { useDismissNotice } from '../api/dismiss-notice';
import { useMe } from '../api/get-me';

/** The banner, or nothing once the user dismissed it (or while no user is known). */
export function LinkedInBanner() {
  const me = useMe();
  const dismiss = useDismissNotice();
  if (!me.data || me.data.dismissedNotices.includes('linkedin_follow')) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="linkedin-banner" role="complementary" aria-label={copy.home.linkedInFollow}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="wrap">
          <Text fz="sm">{copy.home.linkedInBanner}</Text>
          <Anchor
            href={copy.home.linkedInUrl}
            target="_blank"
            rel="noopener noreferrer"
            fz="sm"
            fw={600}
            onClick={() => dismiss.mutate('linkedin_follow')}
          >
            <Group gap={4} component="span" wrap="nowrap">
              {copy.home.linkedInFollow}
              <IconExternal size={14} />
            </Group>
          </Anchor>
        </Group>
        <ActionIcon variant="subtle" color="gray" aria-label={copy.home.linkedInDismiss} onClick={() => dismiss.mutate('linkedin_follow')}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
