/**
 * The one app shell of the signed-in pages (home, the editor and settings): a header with
 * the logo (a link home), the workspace navigation and the user menu, above the main area. The parts that
 * belong to features come in as slots from the route that composes them (`src/routes/app-layout.tsx`), so this
 * stays shared UI. At 390 px the logo shows its mark only and the slots shrink (the workspace name truncates).
 */
import type { ReactNode } from 'react';
import { Box, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { paths } from '../config/paths';
import classes from './app-layout.module.css';
import { Logo } from './logo';

/** The slots and state of {@link AppLayout}. */
export interface AppLayoutProps {
  /** Beside the logo: the workspace navigation. */
  navigation?: ReactNode;
  /** At the right end: the user menu. */
  account?: ReactNode;
  /** Whether the header sticks to the top while the page scrolls (default true; false for pages with their own sticky toolbar). */
  stickyHeader?: boolean;
  /** Shows a progress bar under the header (while the next page's loaders run). */
  busy?: boolean;
  /** The page. */
  children: ReactNode;
}

/** The header and main area; see {@link AppLayoutProps}. */
export function AppLayout({ navigation, account, stickyHeader = true, busy = false, children }: AppLayoutProps) {
  return (
    <div className={classes.root}>
      <header className={classes.header} data-sticky={stickyHeader || undefined}>
        <Group h={56} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Link to={paths.home.getHref()} className={classes.home} aria-label={`${PRODUCT_NAME} home`}>
              <Box hiddenFrom="xs">
                <Logo withText={false} />
              </Box>
              <Box visibleFrom="xs">
                <Logo />
              </Box>
            </Link>
            {navigation}
          </Group>
          {account}
        </Group>
        {busy && <div className={classes.progress} role="progressbar" aria-label="Loading page" />}
      </header>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
