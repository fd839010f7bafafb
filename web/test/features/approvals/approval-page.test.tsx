/**
 * The approver's page (src/routes/approve.tsx, src/features/approvals) at its route, against the real product: without
 * the link's token it says it needs the link from the email; with a token the engine refuses it says the link is not
 * valid — signed out, outside the app shell (no sign-in is asked for). Deciding from a real link is the browser test's
 * (web/e2e/approval-page.test.ts).
 */
import { screen } from '@testing-library/react';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { currentUrl, renderApp } from '../../render-app';

describe('the approver page', () => {
  it('asks for the link from the email when opened without a token', async () => {
    const { router } = renderApp(paths.approval.path);
    expect(await screen.findByText(copy.approval.missingLink)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: copy.approval.pageTitle })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/approve');
  });

  it('says a link whose token does not verify is not valid, without asking to sign in', async () => {
    const forged = `0190a3c8-0000-7000-8000-000000000000.YTE.0.${'A'.repeat(43)}`;
    const { router } = renderApp(paths.approval.getHref(forged, 'yes'));
    expect(await screen.findByText(copy.approval.invalidLink)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: copy.approval.tryAgain })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/approve');
  });
});
