/** Any unknown path: a friendly 404 with a way home. Also the router's error element. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Logo } from '../ui/logo';

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
        <Button component={Link} to="/home" mt="sm">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}

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
          {error instanceof Error ? error.message : 'An unexpected error occurred.'}
        </Text>
        <Button onClick={() => window.location.reload()} mt="sm">
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
