import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showMessage } from '@wpc/shared/events';
import { MessageCentre } from '../src/layout/MessageCentre';

it('shows a message any area raises until it is dismissed', async () => {
  render(<MessageCentre />);
  act(() => showMessage({ kind: 'subscribe', tone: 'success', text: 'Thanks for subscribing!' }));
  expect(screen.getByRole('status')).toHaveTextContent('Thanks for subscribing!');

  act(() => showMessage({ kind: 'error', tone: 'error', text: 'Something went wrong.' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  expect(screen.queryByText('Thanks for subscribing!')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
