/**
 * The sign-up form shows the server's password rule at the password field (OWASP ASVS 2.1; workspaces-auth
 * `domain/password-strength.ts`): a common password and one built from the user's email are refused with our
 * texts, a passphrase signs up. In headless Chromium against the whole product in one process.
 *
 * Setup: `harness.ts` (Debian's Chromium, never a downloaded browser; the web app must be built first).
 */
import * as copy from '@formloom/contracts/copy';
import { useProductInBrowser } from './harness';

const running = useProductInBrowser();

it('refuses a common password and the email address at the password field, then signs up with a passphrase', async () => {
  const context = await running.browser().newContext();
  const page = await context.newPage();
  await page.goto(`${running.product().url}/signup`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada.lovelace@example.com');
  const password = page.getByLabel('Password');
  const signUp = page.getByRole('button', { name: 'Sign up' });

  await password.fill('password123');
  await signUp.click();
  await page.getByText(copy.auth.passwordTooWeak).waitFor();
  // Shown at the field (its description names the input), not as a general alert.
  expect(await password.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByTestId('auth-error').count()).toBe(0);

  await password.fill('ada.lovelace@example.com');
  expect(await page.getByText(copy.auth.passwordTooWeak).count()).toBe(0);
  await signUp.click();
  await page.getByText(copy.auth.passwordContainsPersonalInfo).waitFor();

  await password.fill('analytical engine punch cards');
  await signUp.click();
  await page.waitForURL(/\/home/);
  await context.close();
});
