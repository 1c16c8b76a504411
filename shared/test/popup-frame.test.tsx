// A pop-up's frame needs nothing from the forms module: here that module cannot be had at all
// (as when the connection drops), and the frame still opens at once and says what happened.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_UNAVAILABLE_TEXT, FormButton } from '@wpc/shared/forms/on-demand';

jest.mock('@wpc/shared/forms', () => {
  throw new Error('the forms module could not be fetched');
});

it('a pop-up shows its frame (title, close buttons, focus inside) without its form module, and says it is missing', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const user = userEvent.setup();
  render(<FormButton form="sponsor">Become a Sponsor</FormButton>);
  await user.click(screen.getByRole('button', { name: 'Become a Sponsor' }));
  const dialog = screen.getByRole('dialog', { name: 'Become a Sponsor' });
  expect(within(dialog).getAllByRole('button', { name: /^Close/ })).toHaveLength(2);
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(FORM_UNAVAILABLE_TEXT);
  expect(within(dialog).queryByLabelText(/^First name/)).not.toBeInTheDocument();
});
