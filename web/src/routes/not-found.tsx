/** Any unknown path: a friendly 404 with a way home. Also the router's error element. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { Logo } from '../ui/logo';

/** 'Page not found' with a 'Go home' button. */
export function NotFoundRoute() {
  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" gap="sm">
        <Logo />
        <Title order={1} fz={28} mt="md">
          Page not found
        </Title>
        <Text c="dimmed" ta="center">
          The page you are looking for does not exist.
        </Text>
        <Button component={Link} to={paths.home.getHref()} mt="sm">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}

/** The router's error element: a 404 response shows {@link NotFoundRoute}; any other error its message and 'Reload'. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" gap="sm" maw={460}>
        <Logo />
        <Title order={1} fz={24} mt="md">
          Something went wrong
        </Title>
        <Text c="dimmed" ta="center">
          {error instanceof Error ? errorMessage(error) : 'An unexpected error occurred.'}
        </Text>
        <Button onClick={() => window.location.reload()} mt="sm">
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
