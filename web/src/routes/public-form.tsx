/** `/t/:flowPublicIdentifier`: the public form, no sign-in and no app chrome. */
import { Box } from '@mantine/core';
import { useParams } from 'react-router';
import { PublicFormPage } from '../features/public-form/components/public-form';

/** The live form of the identifier in the URL (loaded by `publicFormLoader` before it renders). */
export function PublicFormRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  return (
    <Box component="main">
      <PublicFormPage key={flowPublicIdentifier} publicIdentifier={flowPublicIdentifier} />
    </Box>
  );
}
