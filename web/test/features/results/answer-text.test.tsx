/**
 * The Results table's answer texts (`features/results/components/answer-text.tsx`): the links the flows service
 * writes into the texts of uploaded files become download links on the files' names — only this app's own
 * downloads; any other URL in an answer stays text.
 */
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AnswerText } from '../../../src/features/results/components/answer-text';

const ID = '0190a0b0-0000-7000-8000-0000000000c1';
const OTHER = '0190a0b0-0000-7000-8000-0000000000c2';

function shown(text: string) {
  return render(
    <MantineProvider>
      <p data-testid="cell">
        <AnswerText text={text} />
      </p>
    </MantineProvider>,
  );
}

it('links each uploaded file by its name to its download', () => {
  const origin = window.location.origin;
  shown(`cv.pdf (${origin}/admin/flows/abc/uploads/${ID}), my photo.png (${origin}/admin/flows/abc/uploads/${OTHER})`);
  expect(screen.getByRole('link', { name: 'cv.pdf' })).toHaveAttribute('href', `/admin/flows/abc/uploads/${ID}`);
  expect(screen.getByRole('link', { name: 'my photo.png' })).toHaveAttribute('href', `/admin/flows/abc/uploads/${OTHER}`);
  expect(screen.getByTestId('cell')).toHaveTextContent('cv.pdf, my photo.png');
});

it('links a signature, and leaves other sites’ URLs and plain text alone', () => {
  const origin = window.location.origin;
  shown(`Signed (${origin}/admin/flows/abc/uploads/${ID})`);
  expect(screen.getByRole('link', { name: 'Signed' })).toHaveAttribute('href', `/admin/flows/abc/uploads/${ID}`);
  shown(`evil.pdf (https://evil.example/admin/flows/abc/uploads/${ID})`);
  expect(screen.queryByRole('link', { name: 'evil.pdf' })).toBeNull();
  expect(screen.getByText(`evil.pdf (https://evil.example/admin/flows/abc/uploads/${ID})`)).toBeInTheDocument();
});
