/**
 * The sign-up form: first and last name, email, password (at least PASSWORD_MIN_LENGTH characters, checked
 * here too so the user learns it before submitting). The server's error at `body.password` (a common or
 * personal password: `copy.auth.passwordTooWeak`, `passwordContainsPersonalInfo`) shows at the password
 * field, until the password is edited; other server errors (409 duplicate, 429, other 400s) show above.
 *
 * Given an `invitation` (the invitation page, `/invitation?token=…`), the same form makes the invited person's
 * account: the address is the invited one (read-only) and the form accepts the invitation
 * (`POST /auth/invitations/accept`) instead of signing up; a link revoked meanwhile shows above.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { PASSWORD_MIN_LENGTH } from '@formloom/contracts/limits';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { IconAlert } from '../../../ui/icons';
import { useAcceptInvitation } from '../api/invitations';
import { useSignup } from '../api/signup';

/** An invitation the form accepts: the link's token and the invited address. */
export interface SignupInvitation {
  token: string;
  email: string;
}

/**
 * The 'Sign up' form (or, with `invitation`, the form accepting it); `onSuccess` runs once the account and its
 * session exist and `/auth/me` has been reloaded.
 */
export function SignupForm({ onSuccess, invitation }: { onSuccess: () => void; invitation?: SignupInvitation }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [typedEmail, setEmail] = useState('');
  const email = invitation?.email ?? typedEmail;
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const signup = useSignup();
  const accept = useAcceptInvitation();
  const mutation = invitation ? accept : signup;
  const serverPasswordError = isApiError(mutation.error)
    ? mutation.error.fieldErrors.find((fieldError) => fieldError.path === 'body.password')?.message
    : undefined;
  const passwordError =
    touched && password.length > 0 && password.length < PASSWORD_MIN_LENGTH
      ? copy.auth.passwordTooShort(PASSWORD_MIN_LENGTH)
      : serverPasswordError;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (password.length < PASSWORD_MIN_LENGTH) return;
    const names = { firstName: firstName.trim(), lastName: lastName.trim(), password };
    if (invitation) accept.mutate({ ...names, token: invitation.token }, { onSuccess });
    else signup.mutate({ ...names, email: email.trim() }, { onSuccess });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={invitation ? copy.members.acceptButton : 'Sign up'} data-testid="signup-form">
      <Stack gap="md">
        {mutation.isError && !serverPasswordError && (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="auth-error">
            {errorMessage(mutation.error)}
          </Alert>
        )}
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          value={email}
          readOnly={invitation !== undefined}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput
          type="password"
          label="Password"
          autoComplete="new-password"
          required
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={password}
          error={passwordError}
          onBlur={() => setTouched(true)}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (serverPasswordError) mutation.reset();
          }}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={mutation.isPending}
          disabled={!firstName.trim() || !email.trim() || !password}
        >
          {invitation ? copy.members.acceptButton : 'Sign up'}
        </Button>
      </Stack>
    </form>
  );
}
