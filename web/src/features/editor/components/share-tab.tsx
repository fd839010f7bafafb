/**
 * The 'Share' tab: the public link `{origin}/t/{publicIdentifier}` — on the organization's own domain or subdomain
 * when it has one (`formsOrigin`) — with copy ('Copied to clipboard!', spec
 * 000 §8 toasts) and open buttons; a notice when the form is not published yet; the form settings
 * (`form-settings-card.tsx`).
 */
import { useState } from 'react';
import { Alert, Button, Card, Container, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as copy from '@formloom/contracts/copy';
import { IconCheck, IconCopy, IconExternal, IconLink } from '../../../ui/icons';
import { useFlow } from '../api/get-flow';
import { useEditor } from './editor-context';
import { FormSettingsCard } from './form-settings-card';
import { publicFormUrl } from './editor-shell';

/** The tab; `formsOrigin`: the organization's own address for its forms' links (absent: this site's). */
export function ShareTab({ formsOrigin }: { formsOrigin?: string | null } = {}) {
  const { publicIdentifier, isDirty } = useEditor();
  const flow = useFlow(publicIdentifier);
  const url = publicFormUrl(publicIdentifier, formsOrigin);
  const isPublished = flow.data?.flow.isPublished ?? false;
  const [copied, setCopied] = useState(false);

  async function onCopy() {
    if (await copyText(url)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
      notifications.show({ color: 'teal', message: copy.toasts.copiedToClipboard, icon: <IconCheck size={16} /> });
    } else {
      notifications.show({ color: 'red', message: 'Could not copy the link. Select it and copy it by hand.' });
    }
  }

  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group gap="sm">
          <ThemeIcon size={40} variant="light">
            <IconLink />
          </ThemeIcon>
          <div>
            <Title order={2} fz="xl">
              Share your form
            </Title>
            <Text c="dimmed" fz="sm">
              Anyone with the link can fill out the published version of your form.
            </Text>
          </div>
        </Group>

        {!isPublished && (
          <Alert color="yellow" variant="light" title="Not published yet" data-testid="not-published-notice">
            This link will work once you publish the form. Use the Publish button at the top right.
          </Alert>
        )}
        {isPublished && isDirty && (
          <Alert color="blue" variant="light" title="Unpublished changes">
            You have changes that are not live yet. Publish to update the form at this link.
          </Alert>
        )}

        <Card p="lg">
          <Stack gap="sm">
            <Text fw={600} fz="sm">
              Public link
            </Text>
            <TextInput
              aria-label="Public link"
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="public-link"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group gap="sm">
              <Button
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                color={copied ? 'teal' : undefined}
                onClick={() => void onCopy()}
                data-testid="copy-link-button"
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
              <Button
                component="a"
                href={url}
                target="_blank"
                rel="noreferrer"
                variant="default"
                leftSection={<IconExternal size={16} />}
                data-testid="open-link-button"
              >
                Open
              </Button>
            </Group>
          </Stack>
        </Card>

        {flow.data && (
          <FormSettingsCard
            key={flow.data.flow.updatedAt}
            publicIdentifier={publicIdentifier}
            settings={flow.data.flow.settings}
            readOnly={flow.data.flow.accessLevel === 'read'}
          />
        )}
      </Stack>
    </Container>
  );
}

/** Copies text with the Clipboard API, falling back to a hidden textarea and `execCommand('copy')`. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
