/** The sign-in form: email and password; shows the server's message (e.g. 'Invalid email or password'). */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { IconAlert } from '../../../ui/icons';
import { useLogin } from '../api/login';

/** The 'Log in' form; `onSuccess` runs once the session exists and `/auth/me` has been reloaded. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin();

  function submit(event: FormEvent) {
    event.preventDefault();
    loginMutation.mutate({ email: email.trim(), password }, { onSuccess });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Log in" data-testid="login-form">
      <Stack gap="md">
        {loginMutation.isError && (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="auth-error">
            {errorMessage(loginMutation.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput
          type="password"
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending} disabled={!email || !password}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}
