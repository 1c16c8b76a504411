import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '@wpc/shared/ui';
import { SCROLL_GUTTER_CLASS, SCROLL_LOCK_CLASS } from '../src/ui/Dialog';

function Harness({ closeLinkLabel }: { closeLinkLabel?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open share box
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Share this page" closeLinkLabel={closeLinkLabel}>
        <a href="https://example.org/one">First link</a>
        <button type="button">Last action</button>
      </Dialog>
    </>
  );
}

/** Renders the harness and clicks its focused opener with one bare event, so the test sees what that click alone did. */
function clickOpenerWithoutUserEvent(): HTMLElement {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open share box' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}
describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(
      <Dialog open={false} onClose={() => {}} title="Hidden">
        content
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a labelled modal rendered into document.body that locks scrolling', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open share box' }));
    const dialog = screen.getByRole('dialog', { name: 'Share this page' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
    await waitFor(() => expect(document.documentElement).toHaveClass(SCROLL_LOCK_CLASS));
    await user.keyboard('{Escape}');
    expect(document.documentElement).not.toHaveClass(SCROLL_LOCK_CLASS);
  });

  it.each([
    ['keeps the room of a scrollbar that takes some', 1009, true],
    ['keeps no room where the scrollbar takes none (overlay or hidden scrollbars)', 1024, false],
  ])('%s while it locks scrolling', async (_name, pageWidth, gutter) => {
    // jsdom lays nothing out: the page's width beside the window's (1024) says whether a scrollbar takes room.
    const clientWidth = jest.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(pageWidth);
    try {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(screen.getByRole('button', { name: 'Open share box' }));
      await waitFor(() => expect(document.documentElement).toHaveClass(SCROLL_LOCK_CLASS));
      expect(document.documentElement.classList.contains(SCROLL_GUTTER_CLASS)).toBe(gutter);
      await user.keyboard('{Escape}');
      expect(document.documentElement).not.toHaveClass(SCROLL_LOCK_CLASS);
      expect(document.documentElement).not.toHaveClass(SCROLL_GUTTER_CLASS);
    } finally {
      clientWidth.mockRestore();
    }
  });

  it('moves focus inside, traps Tab and Shift+Tab, and returns focus to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open share box' });
    await user.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last action' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('link', { name: 'First link' })).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('moves focus and locks scrolling after the click, not inside it, yet no key reaches the page meanwhile', () => {
    const opener = clickOpenerWithoutUserEvent();
    const dialog = screen.getByRole('dialog', { name: 'Share this page' });
    // Focus and the scroll lock force a layout: the click only renders the dialog.
    expect(opener).toHaveFocus();
    expect(document.documentElement).not.toHaveClass(SCROLL_LOCK_CLASS);
    // A key pressed before then is kept from the page (Enter would press the opener again)
    // and brings focus inside.
    expect(fireEvent.keyDown(opener, { key: 'Enter' })).toBe(false);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(dialog).toBeInTheDocument();
  });

  it('closes on Escape pressed before focus has moved inside, and gives focus back', () => {
    const opener = clickOpenerWithoutUserEvent();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(opener, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.documentElement).not.toHaveClass(SCROLL_LOCK_CLASS);
  });

  it('closes from the X and from the bottom close link', async () => {
    const user = userEvent.setup();
    render(<Harness closeLinkLabel="Close this box" />);
    const opener = screen.getByRole('button', { name: 'Open share box' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close this box' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
