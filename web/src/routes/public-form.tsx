/** `/t/:flowPublicIdentifier`: the public form, no sign-in and no app chrome. */
import { useParams } from 'react-router';
import { PublicFormPage } from '../features/public-form/components/public-form';

export function PublicFormRoute() {
  const { flowPublicIdentifier = '' } = useParams();
  return <PublicFormPage key={flowPublicIdentifier} publicIdentifier={flowPublicIdentifier} />;
}
