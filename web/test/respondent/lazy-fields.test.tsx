/**
 * Renderers loaded on demand (src/respondent/fields/lazy.tsx): the respondent sees a placeholder while a
 * question's code is on its way, then the question; if the code cannot be fetched (the respondent went offline),
 * a message in place of that question — the rest of the form keeps working.
 */
import { render, screen } from '@testing-library/react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import * as copy from '@formloom/contracts/copy';
import { lazyField } from '../../src/respondent/fields/lazy';
import type { FieldProps } from '../../src/respondent/fields/types';

const widget = { id: 'q', name: 'Q', type: 'ShortAnswer', template: { label: 'Name', required: false } } as Widget;

function Loaded({ widget: question }: FieldProps<Widget>) {
  return <p>Loaded {question.template.label}</p>;
}

it('shows a placeholder, then the question once its code arrives', async () => {
  let arrive: (component: typeof Loaded) => void = () => undefined;
  const field = lazyField(() => new Promise<typeof Loaded>((resolve) => (arrive = resolve)));
  render(<field.Component widget={widget} value={undefined} onChange={() => undefined} inputId="q-q" />);
  expect(screen.getByTestId('field-loading')).toHaveAttribute('aria-busy', 'true');
  arrive(Loaded);
  expect(await screen.findByText('Loaded Name')).toBeInTheDocument();
  expect(screen.queryByTestId('field-loading')).not.toBeInTheDocument();
});

it('says the question could not be loaded when its code cannot be fetched, and fetches again on the next try', async () => {
  let attempts = 0;
  const field = lazyField<Widget>(() => {
    attempts += 1;
    return attempts === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve(Loaded);
  });
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
  render(<field.Component widget={widget} value={undefined} onChange={() => undefined} inputId="q-q" />);
  expect(await screen.findByRole('alert')).toHaveTextContent(copy.publicForm.questionFailedToLoad);
  consoleError.mockRestore();
  await expect(field.preload()).resolves.toEqual({ default: Loaded });
  expect(attempts).toBe(2);
});
