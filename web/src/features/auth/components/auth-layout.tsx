/** The frame of the sign-in and sign-up screens (the page's main landmark): a centred card on a soft gradient, product mark above. */
import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '../../../ui/logo';
import classes from './auth-layout.module.css';

/** The frame: `title` and `subtitle` head the card holding `children` (the form); `footer` goes below it. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Box component="main" className={classes.root}>
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Logo size={34} />
          </Center>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap={4} mb="lg">
              <Title order={1} fz={24}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" fz="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
          {footer && (
            <Text ta="center" fz="sm" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
