// A file of its own: the forms module must not have been loaded by another test, so the pop-up
// really is asked for before its form has arrived.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormButton } from '@wpc/shared/forms/on-demand';

it('a pop-up shows its frame at once (title, close buttons, focus inside), then its fields', async () => {
  const user = userEvent.setup();
  render(<FormButton form="sponsor">Become a Sponsor</FormButton>);
  await user.click(screen.getByRole('button', { name: 'Become a Sponsor' }));
  const dialog = screen.getByRole('dialog', { name: 'Become a Sponsor' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the form…');
  expect(within(dialog).getAllByRole('button', { name: /^Close/ })).toHaveLength(2);
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
  expect(await within(dialog).findByLabelText(/^First name/)).toBeInTheDocument();
  expect(within(dialog).queryByText('Loading the form…')).not.toBeInTheDocument();
});
